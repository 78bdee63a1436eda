import { type ExpressionBuilder, type Expression, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/connect';
import { SQLITE_LOWER_FUNCTION } from '../db/sqlite-functions';
import { hiddenFromPlanner } from '../db/sqlite-plan-values';
import type { Database } from '../db/schema';

/**
 * Trigram indexes (migration 0002) cannot serve a needle shorter than this,
 * counted in characters (code points), as both tokenizers count.
 */
export const TRIGRAM_MIN_LENGTH = 3;

/** Escapes LIKE wildcards so the visitor's text is matched literally. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * How many prompts, of any status, contain `text` (3+ characters), from the
 * searchable copy alone. Counting a common word this way costs a fifth of
 * counting it joined with the prompts for their status (SQLite: "about",
 * 51,920 matches at 100k, 7 against 42 ms); the hidden ones, few, are
 * counted apart (countPrompts in read-repository.ts).
 */
export function indexMatchCount(dialect: Dialect, text: string) {
  if (dialect === 'postgres') return sql<{ n: number }>`SELECT count(*) AS n FROM prompt_search WHERE ${loweredTextContains(text)}`;
  return sql<{ n: number }>`SELECT count(*) AS n FROM prompts_fts WHERE prompts_fts MATCH ${ftsPhrase(text)}`;
}

/**
 * PostgreSQL: prompt_search's title or text contains `text`. Both columns
 * hold lower-cased text (migration 0007), so the needle is lower-cased by
 * the same lower() and compared with LIKE, which is what ILIKE does, less
 * lower-casing each candidate's text on every test. A constant to the
 * planner, so the pg_trgm indexes serve it.
 */
function loweredTextContains(text: string) {
  const pattern = likePattern(text);
  return sql<SqlBool>`(title LIKE lower(${pattern}) OR prompt LIKE lower(${pattern}))`;
}

/** PostgreSQL: prompt_search's lower-cased title contains `text` (as loweredTextContains, the title alone). */
export function loweredTitleContains(text: string) {
  return sql<SqlBool>`title LIKE lower(${likePattern(text)})`;
}

/**
 * SQLite: the rowids of the prompts whose title contains `text` (3+
 * characters), from the titles' own trigram index (migration 0012).
 */
export function titleTrigramMatches(text: string) {
  return sql<{ id: number }>`SELECT rowid AS id FROM prompt_titles_fts WHERE prompt_titles_fts MATCH ${ftsPhrase(text)}`;
}

/** The text as one FTS5 string: a phrase, which under the trigram tokenizer means "contains". */
export function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** Text whose case SQLite's LIKE folds exactly. */
export const ASCII_ONLY = /^[\x00-\x7f]*$/;

/**
 * The prompts the trigram index found for a search, of any status, read
 * once (findMatches in read-repository.ts): the page and the total then
 * test membership in this list instead of each looking the needle up
 * again. SQLite lists rowids (the index's own keys), PostgreSQL ids.
 */
export interface MatchList {
  readonly matches: readonly (number | string)[];
  /**
   * Find the page by walking its own order's index and testing each entry
   * against the list, instead of looking every match up and sorting them
   * all (walkOrderFor): SQLite tests the entry's rowid; PostgreSQL, told
   * through a condition its planner cannot see into, tests the entry's id
   * (readsPageIdsFirst in read-repository.ts).
   */
  readonly walkOrder?: boolean;
}

/**
 * A match list already joined into the one text its statement takes
 * (matchListValue): a page compiled once for its shape is built with a
 * marker there (matchPageStatement in read-repository.ts).
 */
export interface JoinedMatchList {
  readonly joined: string;
  readonly walkOrder?: boolean;
}

/**
 * What walking a page's order reads of each prompt it passes
 * (walkOrderFor): on PostgreSQL, a search's page outside the best-match
 * tiers walks its order's index alone and reads the page's rows after
 * (readsPageIdsFirst in read-repository.ts); a best-match tier's page reads
 * the row of each prompt it passes, as its condition tests the title or the
 * text. SQLite tests an entry's rowid either way.
 */
export type WalkReads = 'index entries' | 'rows';

/**
 * Whether a page should walk its order's index rather than start from a
 * list of `matches` among `candidates` prompts (MatchList.walkOrder).
 * Starting from the list costs one row lookup per match, then a sort;
 * walking costs one index entry per candidate until the page is full, about
 * page x candidates / matches of them. The two meet near the square root of
 * the candidates, times how much cheaper an entry walked is than a lookup
 * (shortestWalkedList).
 */
export function walkOrderFor(dialect: Dialect, matches: number, candidates: number, reads: WalkReads): boolean {
  return matches >= shortestWalkedList(dialect, candidates, reads);
}

/**
 * The fewest matches, in square roots of the candidates, from which a page
 * walks its order (shortestWalkedList), by what the walk reads. Measured:
 * - SQLite tests an entry's rowid against the list without reading its row
 *   (about 50 times cheaper): 10,000 matches took 29 ms from the list, 3.5 ms
 *   walking; an empty list walked to the end, 5.5 ms (100k prompts, best
 *   match's first tier). They meet near 1 x root.
 * - PostgreSQL walking rows reads each row walked (about 2.5 times cheaper
 *   than a lookup and sort): "story", 2,724 title matches, 48 ms from the
 *   list against 15 ms walking (100k prompts, best match's first tier); they
 *   meet near 4 x root (1,260 at 100k). The best-match tiers' title lists
 *   share the bound (titleListLimit in listing.ts).
 * - PostgreSQL walking index entries: random lists (the median of 30-40
 *   each way) met near 450 at 100k prompts (1.4 x root: 3.0 ms looked up,
 *   2.9 walking; 900: 4.7 against 2.0), near 1,050 at 1,000,000 (1.05 x
 *   root; 1,200: 11.2 against 9.0; 4,000: 31 against 4.6). At 1.2 x root
 *   a list walked at 100k costs at most 0.5 ms more than looked up (400: 3.5
 *   against 3.0), and at 1,000,000 none costs more; lists of 1,050-1,200
 *   there are still looked up, up to about 1 ms slower.
 */
const ROOTS_FROM_WHICH_WALKING = {
  sqlite: { 'index entries': 1, rows: 1 },
  postgres: { 'index entries': 1.2, rows: 4 },
} as const satisfies Record<Dialect, Record<WalkReads, number>>;

/** The fewest matches among `candidates` prompts from which a page walks its order (walkOrderFor). */
export function shortestWalkedList(dialect: Dialect, candidates: number, reads: WalkReads): number {
  return Math.ceil(ROOTS_FROM_WHICH_WALKING[dialect][reads] * Math.sqrt(candidates));
}

/**
 * How a search finds its page:
 * - 'index': look the needle up in the trigram index, then order the
 *   matches. Its cost grows with the number of matches.
 * - 'scan': walk the list's own ordered index and test each prompt's text
 *   until the page is full. Its cost grows with the number of prompts that
 *   do not match, so it suits common needles ("about" matches half the
 *   library: the index path reads and sorts 50,000 matches, the scan tests
 *   about a hundred prompts).
 * - a MatchList: the index's matches, already read; for needles found in
 *   few prompts, whose lookup costs more than ordering its matches.
 * Needles too short for a trigram scan, but for PostgreSQL's words of
 * ASCII letters and digits, which the word index lists (word-search.ts).
 */
export type SearchStrategy = 'index' | 'scan' | MatchList;

/** How a page's search finds its prompts: a SearchStrategy, or its match list already joined (JoinedMatchList). */
export type PageSearchStrategy = SearchStrategy | JoinedMatchList;

/**
 * The spec's search: a case-insensitive substring of the title or the text.
 *
 * - PostgreSQL, index: LIKE of the lower-cased needle on prompt_search (the
 *   searchable copy of the text, lower-cased), served by its pg_trgm GIN
 *   indexes; for needles too short to hold a trigram the planner scans
 *   instead. Scan: ILIKE on the prompt's own columns, which have no trigram
 *   index.
 * - SQLite, 3+ characters, index: the FTS5 trigram index (case-insensitive
 *   for all of Unicode, like ILIKE; LIKE and % or _ have no special meaning
 *   in it).
 * - SQLite, scan (or a shorter needle): LIKE folds only ASCII case, which is
 *   exact for an ASCII needle; any other needle is compared through a
 *   Unicode lower-casing function registered on the connection.
 */
export function searchCondition(
  dialect: Dialect,
  eb: ExpressionBuilder<Database, 'prompts'>,
  text: string,
  strategy: PageSearchStrategy = 'index',
): Expression<SqlBool> {
  if (typeof strategy === 'object') return inMatchList(dialect, strategy);
  if (dialect === 'postgres') {
    const pattern = likePattern(text);
    if (strategy === 'scan') {
      // coalesce() hides the test from the planner, which guesses from a needle's length how rare it is: at
      // 100,000 prompts "open source" (2,800 matches) was guessed in 16 and read by a parallel scan of every
      // prompt, then sorted (480 ms, three processes), where walking the order's index finds a page in 28 ms.
      // Every 'scan' means that walk: a common needle's page, one with no total known yet (within a category,
      // its index), and the unpaged list's turns of a search, one pass over the library in all (full-list.ts).
      return sql<SqlBool>`coalesce(prompts.title ILIKE ${pattern} OR prompts.prompt ILIKE ${pattern}, false)`;
    }
    // ARRAY(...) runs the indexed lookup once; a plain IN lets the planner,
    // which cannot estimate trigram matches, walk prompts in page order and
    // probe prompt_search row by row (177 ms against 12 ms for "newsletter").
    return sql<SqlBool>`prompts.id = ANY(ARRAY(SELECT id FROM prompt_search WHERE ${loweredTextContains(text)}))`;
  }
  if (strategy === 'index' && [...text].length >= TRIGRAM_MIN_LENGTH) {
    return sql<SqlBool>`prompts.rowid IN (SELECT rowid FROM prompts_fts WHERE prompts_fts MATCH ${ftsPhrase(text)})`;
  }
  if (ASCII_ONLY.test(text)) return asciiTextContains(text);
  const needle = text.toLowerCase();
  const lower = sql.raw(SQLITE_LOWER_FUNCTION);
  return eb.or([sql<SqlBool>`instr(${lower}(prompts.title), ${needle}) > 0`, sql<SqlBool>`instr(${lower}(prompts.prompt), ${needle}) > 0`]);
}

/**
 * SQLite: the prompt's title or text contains `text` as LIKE compares it,
 * folding ASCII case only: exact for an ASCII needle (ASCII_ONLY).
 */
export function asciiTextContains(text: string): Expression<SqlBool> {
  // The pattern starts with %, so no index could serve it: hidden from the planner (db/sqlite-plan-values.ts).
  const pattern = hiddenFromPlanner(likePattern(text));
  return sql<SqlBool>`(prompts.title LIKE ${pattern} ESCAPE '\\' OR prompts.prompt LIKE ${pattern} ESCAPE '\\')`;
}

/**
 * Up to `limit` prompts, of any status, whose title or text contains `text`
 * (3+ characters), straight from the trigram index: rowids on SQLite, ids on
 * PostgreSQL (each sent joined in one text: JoinedIds), and how many the index found,
 * counted up to `countTo` (firstCounted). Reading no further bounds the
 * cost of a common needle, which the caller then searches another way.
 * (The best-match order reads the title's matches alone: titleMatchQuery
 * in relevance.ts.)
 */
export async function indexMatches(
  db: Kysely<Database>,
  dialect: Dialect,
  text: string,
  limit: number,
  countTo = limit,
): Promise<CountedMatches> {
  if (dialect === 'postgres') {
    const { rows } = await sql<JoinedIds>`${promptSearchMatches(loweredTextContains(text))}
      ${firstCountedJoined(sql`SELECT id FROM matches`, limit, countTo)}`.execute(db);
    return joinedCountedMatches(rows[0]);
  }
  const matches = sql`SELECT rowid AS id FROM prompts_fts WHERE prompts_fts MATCH ${ftsPhrase(text)}`;
  const { rows } = await firstCountedRowids(matches, limit, countTo).execute(db);
  return joinedCountedRowids(rows[0]);
}

/** A count in a statement: bound as it is, or as its dialect binds it (hiddenFromPlanner). */
type BoundCount = number | RawBuilder<number>;

/**
 * The first `limit` ids of `matches` (a query of one column, `id`), each row
 * with `n`: how many ids `matches` has, counted no further than `countTo`
 * (at least `limit`). Counting on past a match list's limit in the same
 * statement reads the matches once: a needle found in a little more than a
 * list's worth of prompts is counted for about what reading its list cost,
 * where it used to be read up to the limit, given up, and counted again on
 * its own (CountedMatches).
 */
export function firstCounted<Id extends number | string>(matches: RawBuilder<unknown>, limit: BoundCount, countTo: BoundCount) {
  return sql<{ id: Id; n: number | string }>`SELECT id, count(*) OVER () AS n FROM (${matches} LIMIT ${countTo}) AS counted LIMIT ${limit}`;
}

/** What a counted lookup found (firstCounted): its first matches, and how many it found, up to the count asked for. */
export interface CountedMatches<Id extends number | string = number | string> {
  readonly ids: Id[];
  readonly counted: number;
}

/**
 * A list of prompts as one text: on PostgreSQL their ids joined by spaces,
 * which no id holds (ID_SHAPE in db/ids.ts), on SQLite their rowids joined
 * by commas (firstCountedRowids); null for none. A match list read as a
 * row per id is parsed by the pg driver into as many objects, on the event
 * loop: 1.8 ms of the server's CPU for 2,500 ids (a list's most at 100,000
 * prompts) and 17.8 ms for 25,000 (at a million), against 0.28 and 1.8 ms
 * as one text split here (an array value: 1.4 and 12.6 ms).
 */
export interface JoinedIds {
  readonly ids: string | null;
  readonly n?: number | string | null;
}

/** What JoinedIds' `ids` are joined by: no id holds it (ID_SHAPE). */
const ID_SEPARATOR = ' ';

/** What SQLite's rowids are joined by, in a match list's text (matchListValue) as in firstCountedRowids' `ids`. */
const ROWID_SEPARATOR = ',';

/** A `string_agg` of the `id` column of a statement's rows, as JoinedIds' `ids`. */
function joinedIdColumn(): RawBuilder<string | null> {
  return sql<string | null>`string_agg(id, ${sql.lit(ID_SEPARATOR)})`;
}

/** A `string_agg` of the `id` column of `rows` (a subquery) as JoinedIds' `ids`. */
export function joinedIdsOf(rows: RawBuilder<unknown>): RawBuilder<string | null> {
  return sql<string | null>`(SELECT ${joinedIdColumn()} FROM (${rows}) AS listed)`;
}

/** The ids of a JoinedIds' `ids`. */
export function splitIds(joined: string | null | undefined): string[] {
  return joined ? joined.split(ID_SEPARATOR) : [];
}

/**
 * PostgreSQL: the ids `joined` (matchListValue) as an array the database splits from one text
 * parameter (JoinedIds' form), where an array parameter is written by the pg
 * driver element by element, each quoted and escaped: at 100,000 prompts
 * under the distinct-search load that writing allocated 9% of the server's
 * memory, and a list of a million-prompt library is ten times as long.
 */
function joinedIdArray(joined: string): RawBuilder<string[]> {
  return sql<string[]>`string_to_array(${joined}, ${sql.lit(ID_SEPARATOR)})`;
}

/** SQLite: the rowids the database reads from one text parameter, the items of a JSON array whose brackets it adds. */
function joinedRowids(joined: string): RawBuilder<number> {
  return sql<number>`(SELECT value FROM json_each('[' || ${joined} || ']'))`;
}

/**
 * A match list as the one text its statement takes (inMatchList), however
 * many matches (SQLite caps a statement's parameters; PostgreSQL's pg
 * driver writes an array parameter element by element): the ids joined by
 * spaces on PostgreSQL (joinedIdArray), the rowids by commas on SQLite
 * (joinedRowids), where every one must be an integer to read as JSON
 * (every SQLite list holds rowids).
 */
export function matchListValue(dialect: Dialect, matches: readonly (number | string)[]): string {
  if (dialect === 'postgres') return matches.join(ID_SEPARATOR);
  if (!matches.every((rowid) => Number.isSafeInteger(rowid))) throw new Error('A SQLite match list holds rowids only');
  return matches.join(ROWID_SEPARATOR);
}

/** PostgreSQL: firstCounted's rows as one row of JoinedIds, the ids joined and `n` as counted. */
export function firstCountedJoined(matches: RawBuilder<unknown>, limit: number, countTo: number): RawBuilder<JoinedIds> {
  return sql<JoinedIds>`SELECT ${joinedIdColumn()} AS ids, max(n) AS n FROM (${firstCounted<string>(matches, limit, countTo)}) AS counted_first`;
}

/** firstCountedJoined's row as CountedMatches (no row, as none found). */
export function joinedCountedMatches(row: JoinedIds | undefined): CountedMatches<string> {
  return { ids: splitIds(row?.ids), counted: Number(row?.n ?? 0) };
}

/**
 * SQLite: firstCounted's rows as one row, the rowids joined by commas (the
 * form a SQLite match list is sent back in: matchListValue) and `n` as
 * counted. A row per match was built as an object on the read thread,
 * copied to the event loop and joined there again: at 100,000 prompts a
 * list of 2,500 rowids took 4.8-5.2 ms from the thread's statement to the
 * joined text on the event loop, against 3.3-3.8 ms joined by SQLite and
 * split here (docs/performance.md, session 37).
 */
export function firstCountedRowids(matches: RawBuilder<unknown>, limit: number, countTo: number): RawBuilder<JoinedIds> {
  // Counts the plan does not depend on, which change with the library's size: hidden from the planner (db/sqlite-plan-values.ts).
  const counted = firstCounted<number>(matches, hiddenFromPlanner(limit), hiddenFromPlanner(countTo));
  return sql<JoinedIds>`SELECT group_concat(id, ${sql.lit(ROWID_SEPARATOR)}) AS ids, max(n) AS n
    FROM (${counted}) AS counted_first`;
}

/** firstCountedRowids' row as CountedMatches (no match: a row of nulls). */
export function joinedCountedRowids(row: JoinedIds | undefined): CountedMatches<number> {
  return { ids: row?.ids ? row.ids.split(ROWID_SEPARATOR).map(Number) : [], counted: Number(row?.n ?? 0) };
}

/** PostgreSQL: the ids of up to `limit` prompt_search rows meeting `condition`, a row each (promptSearchMatches). */
export function firstPromptSearchMatches(condition: Expression<SqlBool>, limit: number) {
  return sql<{ id: string }>`${promptSearchMatches(condition)} SELECT id FROM matches LIMIT ${limit}`;
}

/**
 * PostgreSQL: `matches`, the ids of the prompt_search rows meeting
 * `condition`, as a CTE planned as if all were read, for a statement that
 * reads the first of them. Under a plain LIMIT the planner expects to stop
 * early and scans the table whenever it guesses more than about twice
 * `limit` matches. Its guesses for a LIKE come from a sample of texts and
 * can be several times too many ("explainer" at 100k prompts: 1,965
 * guessed, 427 found), and when fewer than `limit` match, the scan reads
 * every row (66 ms at 100k). A MATERIALIZED CTE is planned for every row,
 * so it scans only a needle it guesses in a large share of the prompts, and
 * still stops at the limit, or counts on to `countTo` (firstCounted).
 */
function promptSearchMatches(condition: Expression<SqlBool>) {
  return sql`WITH matches AS MATERIALIZED (SELECT id FROM prompt_search WHERE ${condition})`;
}

/** Membership in a match list: one primary-key lookup per match, or (walkOrder) one test per index entry walked. */
export function inMatchList(dialect: Dialect, list: MatchList | JoinedMatchList): Expression<SqlBool> {
  const joined = 'joined' in list ? list.joined : matchListValue(dialect, list.matches);
  if (dialect === 'postgres') {
    const matches = joinedIdArray(joined);
    // coalesce() hides the list from the planner, which guesses it holds 10 rows and looks every one up.
    if (list.walkOrder) return sql<SqlBool>`coalesce(prompts.id = ANY(${matches}), false)`;
    return sql<SqlBool>`prompts.id = ANY(${matches})`;
  }
  // The unary + keeps SQLite from starting at the list: it walks the page's order and tests each rowid.
  if (list.walkOrder) return sql<SqlBool>`+prompts.rowid IN ${joinedRowids(joined)}`;
  return sql<SqlBool>`prompts.rowid IN ${joinedRowids(joined)}`;
}

/**
 * The prompt's title (not its text) contains `word`, 3+ characters, as a
 * case-insensitive substring, through the title's trigram index: the
 * titles' own FTS5 table on SQLite, prompt_search's lower-cased title on
 * PostgreSQL.
 * Related prompts use it to find titles sharing one of a prompt's words.
 */
export function titleContainsByIndex(dialect: Dialect, word: string, walkOrder = false): Expression<SqlBool> {
  if (dialect === 'postgres') {
    // A plain IN: the planner joins the few matches to prompts_id_likes_idx (migration 0009), never reading prompts' rows.
    return sql<SqlBool>`prompts.id IN (SELECT id FROM prompt_search WHERE ${loweredTitleContains(word)})`;
  }
  // walkOrder (SQLite): test each entry of the order's index walked, not each match looked up (MatchList.walkOrder).
  const rowid = walkOrder ? sql`+prompts.rowid` : sql`prompts.rowid`;
  return sql<SqlBool>`${rowid} IN (${titleTrigramMatches(word)})`;
}
