import { type Kysely, sql } from 'kysely';
import type { Dialect } from './connect';
import { dialectOf } from './dialect-of';
import { addKeptCounts } from './kept-counts';
import type { Database } from './schema';

/**
 * How many visible prompts hold each needle of one or two ASCII characters
 * ("ab", "c#", "a "), kept with the writes (migration 0016), so such a
 * search's exact total is one row read instead of a scan of every text: no
 * trigram index serves a needle this short, and at 1,000,000 prompts
 * counting "ab" (80% of them) took 416 ms on SQLite and 1.6 s on
 * PostgreSQL (issue 21). There are at most 128 + 128 x 128 such grams.
 *
 * A gram is counted as each database's search compares text
 * (prompts/search.ts), so a kept count equals the scan's:
 * - SQLite: LIKE, which folds ASCII case only. Grams come from the stored
 *   title and text with A-Z folded to a-z.
 * - PostgreSQL: LIKE of lower(needle) on prompt_search, which holds
 *   lower(title) and lower(text) by the database's own lower(). Grams come
 *   from those stored copies as they are, and a needle is looked up by the
 *   same lower(), so a collation that lower-cases differently (a Turkish
 *   dotless i) still agrees.
 * A gram lies within the title or within the text, never across the two.
 */

/** ASCII code units are below this; any other breaks a gram. */
const ASCII_END = 128;
/** Codes of one-character grams are their character's code; a pair's is past them all. */
const GRAM_CODES = ASCII_END + ASCII_END * ASCII_END;

const gramOfCode = (code: number) =>
  code < ASCII_END
    ? String.fromCharCode(code)
    : String.fromCharCode(Math.floor((code - ASCII_END) / ASCII_END), (code - ASCII_END) % ASCII_END);

/**
 * Tallies grams per text, each once however often it occurs, in typed
 * arrays: a recount at 1,000,000 prompts reads about 500 million characters.
 */
export class GramTally {
  private readonly counts = new Float64Array(GRAM_CODES);
  /** The last text that counted each code (1-based), so a text counts a gram once. */
  private readonly lastText = new Uint32Array(GRAM_CODES);
  private texts = 0;

  constructor(private readonly foldAsciiCase: boolean) {}

  /** Counts one prompt: its title and text (both as the database's search compares them). */
  add(title: string, text: string): void {
    this.texts += 1;
    this.scan(title);
    this.scan(text);
  }

  private scan(value: string): void {
    const stamp = this.texts;
    let previous = -1;
    for (let index = 0; index < value.length; index += 1) {
      let code = value.charCodeAt(index);
      // A UTF-16 unit of 128 or more is part of a non-ASCII character: it ends the pair before it.
      if (code >= ASCII_END) {
        previous = -1;
        continue;
      }
      if (this.foldAsciiCase && code >= 65 && code <= 90) code += 32;
      this.mark(code, stamp);
      if (previous >= 0) this.mark(ASCII_END + previous * ASCII_END + code, stamp);
      previous = code;
    }
  }

  private mark(code: number, stamp: number): void {
    if (this.lastText[code] === stamp) return;
    this.lastText[code] = stamp;
    this.counts[code] = (this.counts[code] ?? 0) + 1;
  }

  /** Each gram held by at least one counted prompt, with how many hold it. */
  entries(): Map<string, number> {
    const found = new Map<string, number>();
    this.counts.forEach((count, code) => {
      if (count > 0) found.set(gramOfCode(code), count);
    });
    return found;
  }
}

const READ_BATCH = 2000;

/** Whether `text` is a needle the kept counts answer on SQLite, and its gram: one or two ASCII characters, case folded as LIKE folds it. */
export function sqliteGramOf(text: string): string | undefined {
  return text.length >= 1 && text.length <= 2 && /^[\x00-\x7f]+$/.test(text) ? text.replace(/[A-Z]/g, (c) => c.toLowerCase()) : undefined;
}

/**
 * The visible prompts holding `text`, from the kept counts; undefined when
 * they cannot tell (not one or two ASCII characters, as the database
 * lower-cases it).
 */
export async function keptGramCount(db: Kysely<Database>, dialect: Dialect, text: string): Promise<number | undefined> {
  // Nothing longer can lower-case to one or two characters in practice, and
  // nothing is looked up for the needles of three and more a search usually has.
  if ([...text].length > 2 || text.length === 0) return undefined;
  if (dialect === 'sqlite') {
    const gram = sqliteGramOf(text);
    if (gram === undefined) return undefined;
    const row = await db.selectFrom('search_grams').select('prompts').where('gram', '=', gram).executeTakeFirst();
    return Number(row?.prompts ?? 0);
  }
  // In a UTF-8 database a text is ASCII when it has as many bytes as characters.
  const { rows } = await sql<{ usable: boolean; prompts: number | string | null }>`
    SELECT octet_length(lower(${text})) = char_length(lower(${text})) AND char_length(lower(${text})) BETWEEN 1 AND 2 AS usable,
      (SELECT prompts FROM search_grams WHERE gram = lower(${text})) AS prompts`.execute(db);
  const row = rows[0];
  return row?.usable ? Number(row.prompts ?? 0) : undefined;
}

/**
 * Adds (`step` 1) or takes away (-1) the grams of the prompts `ids`, in the
 * transaction that makes them visible or hides them (or inserts them
 * visible). Reads their texts as the search compares them (see above).
 */
export async function countPromptGrams(db: Kysely<Database>, ids: readonly string[], step: 1 | -1): Promise<void> {
  if (ids.length === 0) return;
  const tally = new GramTally(dialectOf(db) === 'sqlite');
  for (let start = 0; start < ids.length; start += READ_BATCH) {
    for (const row of await searchedTexts(db, { ids: ids.slice(start, start + READ_BATCH) })) tally.add(row.title, row.prompt);
  }
  await addKeptCounts(db, 'search_grams', tally.entries(), step);
}

/** Replaces every kept count with a recount of the visible prompts (db/summaries.ts, migration 0016). */
export async function recountSearchGrams(trx: Kysely<Database>): Promise<void> {
  await trx.deleteFrom('search_grams').execute();
  const tally = new GramTally(dialectOf(trx) === 'sqlite');
  let after = '';
  for (;;) {
    const rows = await searchedTexts(trx, { after, limit: READ_BATCH });
    if (rows.length === 0) break;
    for (const row of rows) tally.add(row.title, row.prompt);
    after = rows[rows.length - 1]?.id ?? after;
  }
  await addKeptCounts(trx, 'search_grams', tally.entries(), 1);
}

type TextSelection = { readonly ids: readonly string[] } | { readonly after: string; readonly limit: number };

/**
 * Titles and texts as the search compares them: stored (SQLite), or their
 * lower-cased copies (PostgreSQL); those of `ids`, whatever their status (a
 * prompt being hidden is counted out), or the next `limit` visible prompts
 * in id order after `after` (a recount).
 */
async function searchedTexts(db: Kysely<Database>, selection: TextSelection) {
  const sqlite = dialectOf(db) === 'sqlite';
  if ('ids' in selection) {
    const query = sqlite
      ? sql<SearchedText>`SELECT id, title, prompt FROM prompts WHERE id IN (${sql.join(selection.ids)})`
      : sql<SearchedText>`SELECT id, title, prompt FROM prompt_search WHERE id IN (${sql.join(selection.ids)})`;
    return (await query.execute(db)).rows;
  }
  const query = sqlite
    ? sql<SearchedText>`SELECT id, title, prompt FROM prompts
        WHERE status = 'visible' AND id > ${selection.after} ORDER BY id LIMIT ${selection.limit}`
    : // The batch's ids first, a bounded range of the id index, then their texts one lookup each: as a join bounded on
      // prompt_search alone, PostgreSQL merge-joined it with prompts read from the first id on, every batch
      // (at 1,000,000 prompts, 500 batches of up to a second each).
      sql<SearchedText>`SELECT s.id, s.title, s.prompt FROM prompt_search s
        WHERE s.id IN (SELECT id FROM prompts WHERE status = 'visible' AND id > ${selection.after} ORDER BY id LIMIT ${selection.limit})
        ORDER BY s.id`;
  return (await query.execute(db)).rows;
}

interface SearchedText {
  readonly id: string;
  readonly title: string;
  readonly prompt: string;
}
