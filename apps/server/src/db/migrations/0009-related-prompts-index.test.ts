import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import * as relatedPromptsIndex from './0009-related-prompts-index';

describe.each(TEST_DIALECTS)('migration 0009 on %s', (dialect) => {
  it('adds the index that orders a tag’s prompts by likes without reading them, and can be rolled back', async () => {
    const { handle, schema, drop } = await createEmptyDatabase(dialect);
    try {
      const db = handle.db as Kysely<Database>;
      await migrateToLatest(db, schema);
      const indexes = async () =>
        dialect === 'sqlite'
          ? (await sql<{ name: string }>`SELECT name FROM pragma_index_list('prompts')`.execute(db)).rows.map((row) => row.name)
          : (
              await sql<{
                name: string;
              }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'prompts'`.execute(db)
            ).rows.map((row) => row.name);
      expect(await indexes()).toContain('prompts_id_likes_idx');
      if (dialect === 'sqlite') {
        // The related prompts' tag source (related-repository.ts) reads this index, not the prompts' rows, even without statistics.
        const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
          SELECT prompts.id FROM prompts WHERE prompts.status = 'visible'
          AND prompts.id IN (SELECT prompt_id FROM prompt_tags WHERE tag = 'email')
          ORDER BY +prompts.like_count DESC, prompts.id DESC LIMIT 20`.execute(db);
        expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/COVERING INDEX prompts_id_likes_idx/);
      }

      await relatedPromptsIndex.down(db as unknown as Kysely<unknown>);
      expect(await indexes()).not.toContain('prompts_id_likes_idx');
    } finally {
      await handle.close();
      await drop();
    }
  });
});
