import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { POSTGRES_WORK_MEM, connectDatabase } from './connect';

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("the app's PostgreSQL connections", () => {
  it('give a bitmap more memory than the server default, in both pools and beside a schema of their own', async () => {
    for (const schema of [undefined, 'public']) {
      const database = connectDatabase({ kind: 'postgres', url: url ?? '' }, { poolSize: 1, longReadConnections: 1, schema });
      try {
        const setting = async (db: typeof database.db) =>
          (await sql<{ work_mem: string }>`SHOW work_mem`.execute(db)).rows[0]?.work_mem;
        // Not PostgreSQL's default of 4MB, which keeps prompt_search's bitmaps exact only to about 1,000,000 prompts.
        expect(POSTGRES_WORK_MEM).not.toBe('4MB');
        expect(await setting(database.db)).toBe(POSTGRES_WORK_MEM);
        expect(await setting(database.longReads)).toBe(POSTGRES_WORK_MEM);
        if (schema) expect((await sql<{ search_path: string }>`SHOW search_path`.execute(database.db)).rows[0]?.search_path).toBe(schema);
      } finally {
        await database.close();
      }
    }
  });
});
