import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertBarePrompt } from '../../testing/bare-prompt';
import { TEST_DIALECTS, createEmptyDatabase } from '../../testing/test-database';
import { migrateToLatest } from '../migrate';
import type { Database } from '../schema';
import * as tagDates from './0013-tag-dates';

describe.each(TEST_DIALECTS)('migration 0013 on %s', (dialect) => {
  it("copies each existing prompt's creation time into its tag rows, requires it of new ones, and can be rolled back", async () => {
    const { handle, schema, drop } = await createEmptyDatabase(dialect);
    try {
      const db = handle.db as Kysely<Database>;
      const raw = db as unknown as Kysely<unknown>;
      await migrateToLatest(db, schema);
      await tagDates.down(raw);
      await insertBarePrompt(raw, 'p1', 'First', 'One');
      await sql`UPDATE prompts SET created_at = '2025-03-04T05:06:07.000Z' WHERE id = 'p1'`.execute(db);
      await insertBarePrompt(raw, 'p2', 'Second', 'Two');
      await sql`INSERT INTO prompt_tags (tag, prompt_id) VALUES ('email', 'p1'), ('work', 'p1'), ('email', 'p2')`.execute(db);

      await tagDates.up(raw);
      const rows = await db
        .selectFrom('prompt_tags')
        .select(['tag', 'prompt_id', 'created_at'])
        .orderBy('tag')
        .orderBy('prompt_id')
        .execute();
      expect(rows).toEqual([
        { tag: 'email', prompt_id: 'p1', created_at: '2025-03-04T05:06:07.000Z' },
        { tag: 'email', prompt_id: 'p2', created_at: '2026-11-01T00:00:00.000Z' },
        { tag: 'work', prompt_id: 'p1', created_at: '2025-03-04T05:06:07.000Z' },
      ]);
      if (dialect === 'postgres') {
        // Every write names it: a row without one is refused rather than sorted last.
        await expect(sql`INSERT INTO prompt_tags (tag, prompt_id) VALUES ('new', 'p2')`.execute(db)).rejects.toThrow(/null/);
      }

      await tagDates.down(raw);
      await sql`INSERT INTO prompt_tags (tag, prompt_id) VALUES ('after', 'p2')`.execute(db);
      expect(await db.selectFrom('prompt_tags').select('tag').where('prompt_id', '=', 'p2').orderBy('tag').execute()).toEqual([
        { tag: 'after' },
        { tag: 'email' },
      ]);
    } finally {
      await handle.close();
      await drop();
    }
  });
});
