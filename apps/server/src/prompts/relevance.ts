import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Dialect } from '../db/connect';
import type { Database } from '../db/schema';
import { SQLITE_LOWER_FUNCTION, SQLITE_WHOLE_WORD_FUNCTION, isWordCharacter } from '../db/sqlite-functions';
import { hiddenFromPlanner } from '../db/sqlite-plan-values';
import {
  ASCII_ONLY,
  type MatchList,
  TRIGRAM_MIN_LENGTH,
  firstPromptSearchMatches,
  ftsPhrase,
  inMatchList,
  likePattern,
  loweredTitleContains,
  titleTrigramMatches,
  walkOrderFor,
} from './search';

/**
 * The best-match order (sort=relevance, decision 0012). A search is one
 * case-insensitive substring of the title or the text, so every match
 * contains every word of it; what tells matches apart is where the search
 * text sits and whether it stands as a word of its own. Each match falls in
 * exactly one tier, best first:
 *
 *   0. the title contains it as a whole word ("Email" for "email");
 *   1. the title contains it inside a longer word ("Emails", "E-mailing");
 *   2. only the text does, as a whole word;
 *   3. only the text does, inside a longer word.
 *
 * Within a tier, more likes first, then the newer id, as the likes order
 * breaks its ties. A tier is a condition, not a computed score, so each one
 * is read in the likes order with the search's own plan and stops once the
 * page is full: a common word costs a few index walks, not a score for each
 * of its tens of thousands of matches. The same conditions on both
 * databases give the same order (the equivalence test pins it).
 */
export const RELEVANCE_TIERS = [0, 1, 2, 3] as const;
export type RelevanceTier = (typeof RELEVANCE_TIERS)[number];

type PromptsExpressions = ExpressionBuilder<Database, 'prompts'>;

/**
 * What the listing read of the titles before the tiers (readTitleMatches):
 * - `all`: every prompt whose title contains the text, when there are few;
 * - `wholeWord`: when there are many, those with it as a whole word, when
 *   there are few of those (a needle inside many title words and rarely one
 *   itself: "abo", "ab", "ing").
 * Without them a tier tests each title while walking the likes order, which
 * meets its page soon when the tier is common and reads every prompt when it
 * is rare or empty (250-950 ms on SQLite at 100k prompts). A long list is
 * itself walked in the likes order (MatchList.walkOrder): for "plan", in
 * 9,946 titles at 100k prompts, looking each one up and sorting them took
 * 55 ms, walking to a page of whole-word matches 5 ms.
 */
export interface TitleMatches {
  readonly all?: MatchList;
  readonly wholeWord?: MatchList;
}

/**
 * Reads the title matches of `text` once for a best-match page, up to
 * `limits.all` of them (0: none tried) or else up to `limits.wholeWord` of
 * the whole-word ones. Of any status, like the search's match lists: the
 * page's own filter drops the hidden ones.
 */
export async function readTitleMatches(
  db: Kysely<Database>,
  dialect: Dialect,
  text: string,
  limits: { readonly all: number; readonly wholeWord: number },
): Promise<TitleMatches> {
  // As many whole-word candidates as a list holds: no list of either kind, without reading them (at 100k
  // prompts "plan" and "about" read 2,500 titles of each in 8-20 ms to find that). SQLite counts them in
  // its titles' word index, PostgreSQL looks the word's title count up (migration 0015), each in under a
  // millisecond. Nearly every candidate is a whole-word title match, and so a title match; where they are
  // not (accents folded, words apart, an underscore joined), the tiers test each title, as exact, only slower.
  if ((await titleWordCandidates(db, dialect, text, limits.wholeWord)) >= limits.wholeWord) return {};
  const all = limits.all > 0 ? await listOrNothing(db, titleMatchQuery(dialect, text, limits.all), limits.all) : undefined;
  if (all) return { all };
  const wholeWord = (reader: Kysely<Database>) =>
    listOrNothing(reader, wholeWordTitleMatchQuery(dialect, text, limits.wholeWord), limits.wholeWord);
  return { wholeWord: await (findsWordByTrigrams(dialect, text) ? withWordTrigrams(db, wholeWord) : wholeWord(db)) };
}

/**
 * Runs `read` (PostgreSQL) where `<<%` finds a word by all of its trigrams
 * (wholeWordTitleMatchQuery): pg_trgm's strict word similarity threshold is
 * 1, which turns it into "holds this word", and pg_trgm's schema is on the
 * search path (migration 0002 uses an installed pg_trgm wherever it lives;
 * tests set a search path without it). Both are set for the one read, in a
 * read-only transaction of its own, not on every connection: a pooler such
 * as PgBouncer refuses startup options, and in transaction mode hands a
 * session's settings to whichever client comes next.
 */
export function withWordTrigrams<T>(db: Kysely<Database>, read: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (transaction) => {
      await sql`SELECT set_config('pg_trgm.strict_word_similarity_threshold', '1', true),
        set_config('search_path', concat_ws(', ', current_setting('search_path'), (
          SELECT quote_ident(n.nspname) FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
          WHERE e.extname = 'pg_trgm')), true)`.execute(transaction);
      return read(transaction);
    });
}

async function listOrNothing(
  db: Kysely<Database>,
  query: RawBuilder<{ id: number | string }>,
  limit: number,
): Promise<MatchList | undefined> {
  const { rows } = await query.execute(db);
  return rows.length < limit ? { matches: rows.map((row) => row.id) } : undefined;
}

/** The title matches, each list told how its page is best found among `candidates` prompts (walkOrderFor). */
export function withWalkOrder(dialect: Dialect, titles: TitleMatches, candidates: number): TitleMatches {
  const walked = (list: MatchList | undefined) =>
    list && { ...list, walkOrder: walkOrderFor(dialect, list.matches.length, candidates, 'rows') };
  return { all: walked(titles.all), wholeWord: walked(titles.wholeWord) };
}

/**
 * The title matches: from the trigram index for 3+ characters (search.ts).
 * Shorter needles scan the titles: on SQLite the title index (migration
 * 0010), which holds the titles alone; on PostgreSQL prompt_search, whose
 * titles are lower-cased (40 ms at 100k prompts, read again only after the
 * catalog changes: prompts/kept-id-lists.ts keeps the lists).
 * (Whether each holds the text as a whole word is left to the page, which
 * tests only the titles it walks past: testing all of them here cost 40-50
 * ms for 10,000 titles on SQLite, reading each one's row.) SQLite's limits
 * here, as its LIKE patterns, are hidden from the planner, which has no use
 * for them and would have a read thread prepare the statement again on
 * every run (db/sqlite-plan-values.ts).
 */
export function titleMatchQuery(dialect: Dialect, text: string, limit: number): RawBuilder<{ id: number | string }> {
  if (dialect === 'postgres') return firstPromptSearchMatches(loweredTitleContains(text), limit);
  if ([...text].length >= TRIGRAM_MIN_LENGTH) {
    return sql<{ id: number }>`${titleTrigramMatches(text)} LIMIT ${hiddenFromPlanner(limit)}`;
  }
  return sql<{ id: number }>`SELECT rowid AS id FROM prompts WHERE ${titleContainsByScan(dialect, text)} LIMIT ${hiddenFromPlanner(limit)}`;
}

/**
 * Whole-word title matches: on SQLite the candidates of the titles' word
 * index (migration 0014) for an ASCII search, else a scan of the title
 * index (20-77 ms at 100k prompts, against a walk of every row); on PostgreSQL prompt_search's
 * lower-cased titles through their trigram index (a word of letters and
 * digits by its padded trigrams, any length: findsWordByTrigrams; anything
 * else by LIKE, for 3+ characters), rechecked by the regular expression.
 * Without this list the first tier walked the likes order testing every
 * title: 180 ms for "ab" on PostgreSQL, found as a word in no title at 100k
 * prompts.
 */
export function wholeWordTitleMatchQuery(dialect: Dialect, text: string, limit: number): RawBuilder<{ id: number | string }> {
  if (dialect === 'sqlite') {
    if (titleWordsServe(text)) return wholeWordTitleMatchesByWords(text, limit);
    return sql<{ id: number }>`SELECT rowid AS id FROM prompts
      WHERE ${titleContainsByScan(dialect, text)} AND ${containsWholeWord(dialect, 'title', text)} LIMIT ${hiddenFromPlanner(limit)}`;
  }
  const wholeWord = sql<SqlBool>`coalesce(title ~ lower(${wholeWordPattern(text)}), false)`;
  if (findsWordByTrigrams(dialect, text)) {
    return firstPromptSearchMatches(sql<SqlBool>`lower(${text}) <<% title AND ${wholeWord}`, limit);
  }
  return firstPromptSearchMatches(sql<SqlBool>`${loweredTitleContains(text)} AND ${wholeWord}`, limit);
}

/**
 * SQLite: the titles' word index (migration 0014) serves `text`: it is
 * ASCII, whose case the index folds as the search does, with a word
 * character to look up. Its words as one phrase then find every title
 * holding it as a whole word, and some others (it may stand joined to a
 * letter outside ASCII, or the words be apart by other characters), which
 * the caller checks.
 */
function titleWordsServe(text: string): boolean {
  return ASCII_ONLY.test(text) && /[a-z0-9_]/i.test(text);
}

/** A search of one word, by the titles' word index's split and the whole-word rule's alike. */
const ONE_ASCII_WORD = /^[a-z0-9_]+$/i;

/**
 * SQLite: the whole-word title matches of an ASCII `text` (titleWordsServe)
 * from the titles' word index. A search of one word needs no check in an
 * ASCII title, whose words the index splits exactly as the whole-word rule
 * does (migration 0014); every other candidate is checked by the rule on
 * the index's own copy of its title.
 */
function wholeWordTitleMatchesByWords(text: string, limit: number): RawBuilder<{ id: number }> {
  const inTitles = titleWordsQuery(text);
  const checked = (query: string) => sql<{ id: number }>`SELECT rowid AS id FROM prompt_title_words
    WHERE prompt_title_words MATCH ${query} AND ${sql.raw(SQLITE_WHOLE_WORD_FUNCTION)}(title, ${text.toLowerCase()}) = 1`;
  if (!ONE_ASCII_WORD.test(text)) return sql<{ id: number }>`${checked(inTitles)} LIMIT ${hiddenFromPlanner(limit)}`;
  return sql<{ id: number }>`SELECT rowid AS id FROM prompt_title_words WHERE prompt_title_words MATCH ${`${inTitles} AND charset : ascii`}
    UNION ALL ${checked(`${inTitles} NOT charset : ascii`)} LIMIT ${hiddenFromPlanner(limit)}`;
}

/** The FTS5 query of the titles' word index for `text`: its words as one phrase, in the title column only. */
function titleWordsQuery(text: string): string {
  return `title : ${ftsPhrase(text)}`;
}

/**
 * How many titles may hold `text` as a whole word, as far as is known
 * without reading them: on SQLite the candidates of the titles' word index,
 * counted up to `limit`; on PostgreSQL, for a word of ASCII letters and
 * digits, the titles search_words counted it in (migration 0015; a rare
 * duplicate row is read once), and otherwise 0, which reads the lists.
 */
async function titleWordCandidates(db: Kysely<Database>, dialect: Dialect, text: string, limit: number): Promise<number> {
  if (dialect === 'sqlite') {
    if (!titleWordsServe(text)) return 0;
    const candidates = sql`SELECT 1 FROM prompt_title_words WHERE prompt_title_words MATCH ${titleWordsQuery(text)}`;
    const { rows } = await sql<{ candidates: number }>`SELECT count(*) AS candidates FROM (
        ${candidates} LIMIT ${hiddenFromPlanner(limit)})`.execute(db);
    return Number(rows[0]?.candidates ?? 0);
  }
  if (!findsWordByTrigrams(dialect, text)) return 0;
  const { rows } = await sql<{ titles: number | null }>`SELECT max(titles) AS titles FROM search_words WHERE word = lower(${text})`.execute(
    db,
  );
  return Number(rows[0]?.titles ?? 0);
}

/**
 * Whether the whole-word titles of `text` are read through pg_trgm's word
 * trigrams (PostgreSQL, within withWordTrigrams): for a needle of ASCII
 * letters and digits, which pg_trgm reads as one word whatever the
 * database's locale. Such a needle stands as a whole word in a title only
 * where pg_trgm, which splits words at anything but letters and digits,
 * finds it as a word of its own, so the word's padded trigrams ("  a",
 * " ab", "ab ") find every candidate through the title's index, for one or
 * two characters too; the regular expression then drops an underscore
 * joined to it, which pg_trgm takes for a break. At 100k prompts "ab", a
 * word in no title, took 43-75 ms by a scan of every title; the index
 * offers 83 candidates.
 */
function findsWordByTrigrams(dialect: Dialect, text: string): boolean {
  return dialect === 'postgres' && /^[a-z0-9]+$/i.test(text);
}

/** The prompts of one tier for the search `text` (the rest of the filter is applied by the caller). */
export function relevanceTierCondition(
  dialect: Dialect,
  eb: PromptsExpressions,
  text: string,
  tier: RelevanceTier,
  titles: TitleMatches = {},
): Expression<SqlBool> {
  const inTitle = titles.all ? inMatchList(dialect, titles.all) : titleContainsByScan(dialect, text);
  const wholeInTitle = titles.wholeWord ? inMatchList(dialect, titles.wholeWord) : containsWholeWord(dialect, 'title', text);
  switch (tier) {
    case 0:
      return titles.wholeWord ? wholeInTitle : eb.and([inTitle, wholeInTitle]);
    case 1:
      return eb.and([inTitle, eb.not(wholeInTitle)]);
    case 2:
      return eb.and([eb.not(inTitle), containsWholeWord(dialect, 'prompt', text)]);
    case 3:
      return eb.and([eb.not(inTitle), eb.not(containsWholeWord(dialect, 'prompt', text))]);
  }
}

/**
 * The title contains `text`, tested on the title itself, as a search scan
 * tests it (search.ts): when the listing has not read the title matches
 * (there were too many for a list), they are common enough that walking the
 * likes order meets a page of them soon; looking them all up in the index and
 * sorting them costs more (at 100k prompts, "about" in 16,000 titles: 40-60 ms
 * against a few).
 */
function titleContainsByScan(dialect: Dialect, text: string): Expression<SqlBool> {
  const pattern = likePattern(text);
  // coalesce(), as for the whole word: the planner guessed 39 of "story"'s
  // 2,059 whole-word titles and sorted them all (170 ms against 8 walking).
  if (dialect === 'postgres') return sql<SqlBool>`coalesce(prompts.title ILIKE ${pattern}, false)`;
  // LIKE folds ASCII case, exact for an ASCII needle and far cheaper than a JavaScript call per row. The pattern,
  // which starts with %, is hidden from the planner (db/sqlite-plan-values.ts).
  if (ASCII_ONLY.test(text)) return sql<SqlBool>`prompts.title LIKE ${hiddenFromPlanner(pattern)} ESCAPE '\\'`;
  return sql<SqlBool>`instr(${sql.raw(SQLITE_LOWER_FUNCTION)}(prompts.title), ${text.toLowerCase()}) > 0`;
}

/**
 * The column contains `text` with no letter, digit or underscore joined to
 * it (containsAsWholeWord in db/sqlite-functions.ts on SQLite; the same rule
 * as a regular expression on PostgreSQL, whose [[:alnum:]] covers every
 * script in a UTF-8 database).
 */
function containsWholeWord(dialect: Dialect, column: 'title' | 'prompt', text: string): Expression<SqlBool> {
  const ref = sql.ref(`prompts.${column}`);
  if (dialect === 'sqlite') return sql<SqlBool>`${sql.raw(SQLITE_WHOLE_WORD_FUNCTION)}(${ref}, ${text.toLowerCase()}) = 1`;
  // lower() leaves the escapes and classes alone: they hold no capital letters.
  // coalesce() hides the regular expression from the planner, which guesses
  // that it matches almost nothing and then sorts every search match instead
  // of walking the likes order until the page is full (430 ms against 0.8 ms
  // for "with" at 100k prompts).
  return sql<SqlBool>`coalesce(lower(${ref}) ~ lower(${wholeWordPattern(text)}), false)`;
}

/** The whole-word rule as a PostgreSQL regular expression: no word character joined to an edge of `text` that is one. */
function wholeWordPattern(text: string): string {
  const characters = [...text];
  const before = isWordCharacter(characters[0]) ? '(^|[^[:alnum:]_])' : '';
  const after = isWordCharacter(characters.at(-1)) ? '($|[^[:alnum:]_])' : '';
  return before + escapeRegExp(text) + after;
}

/** Every character PostgreSQL's regular expressions give a meaning, escaped. */
function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, (character) => `\\${character}`);
}
