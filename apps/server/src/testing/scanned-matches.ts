import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/**
 * SQLite: the rowids of every prompt, of any status, whose title or text
 * holds `needle`, by a plain scan with ASCII case folded (SQLite's lower(),
 * as LIKE folds it), in rowid order: what the search indexes' plans must
 * find (prompts/trigram-plan.ts, prompts/word-phrase-plan.ts).
 */
export async function scannedRowids(db: Kysely<Database>, needle: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT rowid AS id FROM prompts
    WHERE instr(lower(title), lower(${needle})) > 0 OR instr(lower(prompt), lower(${needle})) > 0 ORDER BY rowid`.execute(db);
  return rows.map((row) => row.id);
}

/**
 * The bench's kind of needle on a library's own titles: two or three
 * consecutive words of each title (by whitespace, as typed), lower-cased,
 * with the title's place in rowid order and its words.
 */
export async function titleWordRuns(db: Kysely<Database>): Promise<{ titleIndex: number; words: string[]; needle: string }[]> {
  const { rows } = await sql<{ title: string }>`SELECT title FROM prompts ORDER BY rowid`.execute(db);
  return rows.flatMap(({ title }, index) => {
    const words = title.toLowerCase().split(/\s+/).filter(Boolean);
    const runs: { titleIndex: number; words: string[]; needle: string }[] = [];
    for (let start = 0; start + 2 <= words.length; start += 1) {
      runs.push({ titleIndex: index, words, needle: words.slice(start, start + 2 + (start % 2)).join(' ') });
    }
    return runs;
  });
}
