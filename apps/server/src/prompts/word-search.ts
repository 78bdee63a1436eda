import { type CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { StatementTemplates } from '../db/statement-templates';
import { type Dialect, preparedStatement } from '../db/connect';
import { PAIR_SIDE_LENGTH } from '../db/migrations/0018-search-word-pairs';
import { pairsOfRow, wordsOfRow } from '../db/migrations/0020-search-word-expressions';
import type { Database } from '../db/schema';
import {
  type CountedMatches,
  type JoinedIds,
  TRIGRAM_MIN_LENGTH,
  firstCountedJoined,
  joinedCountedMatches,
  joinedIdsOf,
  splitIds,
} from './search';

/**
 * The longest needle the word index serves. Migration 0011 keeps a word
 * over 60 characters as pieces of 60 starting every 30, so a needle of up
 * to 31 characters lies whole in one piece.
 */
const LONGEST_NEEDLE = 31;

/** Needles the word index answers: ASCII letters and digits only, so every occurrence lies inside one indexed word. */
const WORD_NEEDLE = new RegExp(`^[A-Za-z0-9]{1,${LONGEST_NEEDLE}}$`);

/**
 * The most indexed words containing a needle that one count looks up
 * together. A needle inside more ("e", "in") is counted the old way: a
 * query of thousands of posting lists would cost what the recheck does.
 */
export const MAX_WORDS_PER_NEEDLE = 1000;

/**
 * Whether the word index may serve `text` (countByWords and the others
 * still answer undefined when the database lower-cases it to anything but
 * ASCII, or too many words contain it).
 */
export function wordIndexServes(dialect: Dialect, text: string): boolean {
  return dialect === 'postgres' && WORD_NEEDLE.test(text);
}

/**
 * PostgreSQL: how many prompts, of any status, contain `text` (which
 * wordIndexServes), through the word index: the words containing it, from
 * search_words, then the prompts holding any of them, counted from the
 * index's posting lists without rechecking a text. At 100,000 prompts "with"
 * (51,816 prompts) counts in 24 ms where rechecking its trigram matches
 * took 80 ms; "ab" (80,465) in 38 ms where a scan took 300.
 * Undefined when the words cannot answer it (usable).
 */
export async function countByWords(db: Kysely<Database>, text: string): Promise<number | undefined> {
  const { rows } = await sql<{ n: string | null }>`
    WITH ${containing(text)}
    SELECT CASE WHEN ${usable(text)} THEN (SELECT count(*) FROM prompt_search WHERE ${wordsOfRow('prompt_search')} @@ ${anyWord}) END AS n`.execute(
    db,
  );
  const row = rows[0];
  return row?.n == null ? undefined : Number(row.n);
}

/**
 * The most visible prompts the words other than the commonest one may hold
 * for keptWordCount to answer, unless the commonest holds more: it reads
 * their posting lists twice (visibleHolding) and looks each prompt up,
 * about as much work as a match list (prompts/listing.ts), or at most half
 * of counting every match.
 */
export const OTHER_WORDS_MAX_PROMPTS = 2500;

/**
 * PostgreSQL: how many visible prompts contain `text` (which
 * wordIndexServes), from the kept word counts (search_word_counts, decision
 * 0016): the commonest word containing it counts its prompts from one row,
 * and only the prompts holding another such word but not that one are
 * counted from the index ("about" is counted from its row; "whereabouts"
 * adds the prompts without a plain "about"). A commonest word held by every
 * visible prompt ("the" in a large library) is the total by itself. Visible
 * prompts only, in one statement, so one snapshot. Undefined when the words
 * cannot answer it (usable), or the other words hold more prompts than
 * OTHER_WORDS_MAX_PROMPTS and than the commonest (at 1,000,000 prompts,
 * "plan" reads the 37,639 of "planner" and "the" nothing, where counting
 * every match read 102,252 and 1,000,000).
 */
export function keptWordCount(db: Kysely<Database>, text: string): Promise<number | undefined> {
  return keptWordCountWithin(db, text, sql`greatest(${sql.lit(OTHER_WORDS_MAX_PROMPTS)}, (SELECT prompts FROM commonest))`);
}

/**
 * The most visible prompts the other words may hold for
 * keptWordCountReadingFew to answer: reading them costs a few milliseconds
 * (about 10 microseconds a prompt), where "press" at 1,000,000 prompts,
 * with thousands in "express" and "pressure", took 27-58 ms.
 */
export const FEW_OTHER_WORDS_PROMPTS = 500;

/**
 * keptWordCount when it reads few prompts (FEW_OTHER_WORDS_PROMPTS held by
 * the other words), else undefined: what a search's plan asks before it
 * reads any match (keptWalkPlan in listing.ts), where a dear answer would
 * be paid on top of the match list it was meant to spare.
 */
export function keptWordCountReadingFew(db: Kysely<Database>, text: string): Promise<number | undefined> {
  return keptWordCountWithin(db, text, sql.lit(FEW_OTHER_WORDS_PROMPTS));
}

/** keptWordCount's statement: undefined when the other words hold more visible prompts than `otherWordsAtMost`. */
async function keptWordCountWithin(db: Kysely<Database>, text: string, otherWordsAtMost: RawBuilder<unknown>): Promise<number | undefined> {
  const { rows } = await sql<{ n: string | number | null }>`
    WITH ${containing(text)},
      counted AS MATERIALIZED (
        SELECT containing.word, coalesce(kept.prompts, 0) AS prompts
        FROM containing LEFT JOIN search_word_counts kept ON kept.word = containing.word),
      commonest AS MATERIALIZED (SELECT word, prompts FROM counted ORDER BY prompts DESC, word LIMIT 1),
      others AS MATERIALIZED (SELECT word, prompts FROM counted WHERE word <> (SELECT word FROM commonest))
    SELECT CASE
      WHEN NOT ${usable(text)} THEN NULL
      WHEN NOT EXISTS (SELECT 1 FROM others) OR (SELECT prompts FROM commonest) = (${visiblePrompts})
        THEN coalesce((SELECT prompts FROM commonest), 0)
      WHEN (SELECT sum(prompts) FROM others) > ${otherWordsAtMost} THEN NULL
      ELSE (SELECT prompts FROM commonest) + ${visibleHolding(otherWords)} - ${visibleHolding(sql`(${otherWords} && ${commonestWord})`)}
    END AS n`.execute(db);
  const n = rows[0]?.n;
  return n === null || n === undefined ? undefined : Number(n);
}

/** keptWordCount's other words, as a text search query. */
const otherWords = sql`(SELECT string_agg(quote_literal(word), ' | ')::tsquery FROM others)`;
/** keptWordCount's commonest word, as a text search query. */
const commonestWord = sql`(SELECT quote_literal(word)::tsquery FROM commonest)`;

/**
 * How many visible prompts hold words matching `query`, from the word
 * index. keptWordCount counts the prompts holding another word but not the
 * commonest as two such counts, those holding another word less those
 * holding both, rather than testing each prompt for the commonest: the
 * index holds the words, not the row, so a test of the row computes them
 * (about 110 microseconds a prompt, for up to OTHER_WORDS_MAX_PROMPTS).
 */
function visibleHolding(query: RawBuilder<unknown>) {
  return sql`(SELECT count(*) FROM prompt_search s JOIN prompts p ON p.id = s.id
    WHERE p.status = 'visible' AND ${wordsOfRow('s')} @@ ${query})`;
}

/** The visible prompts (summary_totals' shards, decision 0010), read in the same snapshot as the word counts. */
const visiblePrompts = sql`SELECT coalesce(sum(prompts), 0) FROM summary_totals`;

/**
 * PostgreSQL: whether a visible prompt contains `text` (which
 * wordIndexServes), from the words containing it and their kept counts,
 * reading no prompt: one does exactly when some word containing it is held
 * by a visible prompt. Did you mean asks it
 * of a typo and of its correction. Reading the matches instead read each
 * word's whole posting list, which an index of that kind cannot stop early:
 * at 1,000,000 prompts, "summary" (409,667 prompts) took 45-52 ms. Undefined
 * when the words cannot answer it (usable).
 */
export async function keptWordFound(db: Kysely<Database>, text: string): Promise<boolean | undefined> {
  const { rows } = await sql<{ usable: boolean; found: boolean }>`
    WITH ${containing(text)}
    SELECT ${usable(text)} AS usable,
      EXISTS (SELECT 1 FROM containing JOIN search_word_counts kept ON kept.word = containing.word WHERE kept.prompts > 0) AS found`.execute(
    db,
  );
  const head = rows[0];
  return head?.usable ? head.found : undefined;
}

/** matchListByWords' answer for a needle in at least as many prompts as a list holds. */
export const COMMON_NEEDLE = Symbol('common');

/**
 * PostgreSQL: a search's match list through the word index (findMatches in
 * read-repository.ts): the ids of the prompts, of any status, containing
 * `text` (which wordIndexServes) when there are fewer than `limit`,
 * COMMON_NEEDLE when there are more, undefined when the words cannot answer
 * it (usable). A needle inside a word that search_words already knows to be
 * in `limit` prompts or more is COMMON_NEEDLE without reading a match: at
 * 100,000 prompts on a slow machine, "with" read 2,500 matches in 10 ms,
 * "ab" in 28, only to find them common after every new prompt.
 *
 * One statement; one row comes back, the ids joined (JoinedIds), even when
 * nothing matches, to tell the answers apart. The matches are planned for
 * every row, as promptSearchMatches in search.ts explains: under a plain
 * LIMIT the planner may scan. Its text is the same for every needle, so
 * for a needle of 3 characters or more it runs as a prepared statement:
 * planning it took 0.25-0.4 ms a needle, against 0.2-5 ms of running it
 * (100,000 prompts), and its generic plan reads the prompts as every
 * needle's plan does, through the words' query, which no plan sees into.
 */
export async function matchListByWords(
  db: Kysely<Database>,
  text: string,
  limit: number,
): Promise<string[] | typeof COMMON_NEEDLE | undefined> {
  // Read nothing when a word containing the needle was already counted in `limit` prompts or more.
  const knownCommon = sql`coalesce((SELECT max(prompts) FROM containing) >= ${limit}, false)`;
  // A needle too short for a trigram is looked up by reading search_words in order until enough words contain
  // it, as planned for it; a generic plan, which cannot see the needle, may read the words' trigram index whole.
  const prepared = [...text].length >= TRIGRAM_MIN_LENGTH ? preparedStatement('word-match-list') : sql``;
  const { rows } = await sql<JoinedIds & { usable: boolean; skipped: boolean }>`${prepared}
    WITH ${containing(text)},
      matches AS MATERIALIZED (SELECT id FROM prompt_search WHERE ${usable(text)} AND NOT ${knownCommon} AND ${wordsOfRow('prompt_search')} @@ ${anyWord})
    SELECT ${usable(text)} AS usable, ${knownCommon} AS skipped,
      ${joinedIdsOf(sql`SELECT id FROM matches LIMIT ${limit}`)} AS ids`.execute(db);
  const head = rows[0];
  if (!head?.usable) return undefined;
  if (head.skipped) return COMMON_NEEDLE;
  const found = splitIds(head.ids);
  return found.length >= limit ? COMMON_NEEDLE : found;
}

/**
 * The query's CTEs: `found`, the indexed words that contain `text`, read
 * no further than one more than MAX_WORDS_PER_NEEDLE (enough to tell there
 * are too many: a short needle's lookup cannot use the trigram index and
 * stops there instead of reading every word); `containing`, each of them
 * once, with the most prompts it was counted in. Read in the same statement
 * as the prompts, so both see one snapshot of the library. The needle is
 * lower-cased by the database's own lower(), as the searchable copy was.
 */
function containing(text: string) {
  return sql`found AS MATERIALIZED (
      SELECT word, prompts FROM search_words WHERE word LIKE '%' || lower(${text}) || '%' LIMIT ${MAX_WORDS_PER_NEEDLE + 1}),
    containing AS MATERIALIZED (SELECT word, max(prompts) AS prompts FROM found GROUP BY word)`;
}

/**
 * Whether the words answer `text` exactly: lower-cased, it is still ASCII
 * letters and digits (a collation such as Turkish lower-cases "I" to a
 * dotless i, which ends a word), and no more than MAX_WORDS_PER_NEEDLE
 * words contain it (a rare duplicate row counts too, which only sends a
 * needle to the old path).
 */
function usable(text: string) {
  return sql`(lower(${text}) ~ '^[0-9a-z]+$' AND (SELECT count(*) FROM found) <= ${sql.lit(MAX_WORDS_PER_NEEDLE)})`;
}

/**
 * A text search query matching any word in `containing` (none: null, which
 * matches nothing). Built in a subquery, which the planner cannot see into:
 * it then guesses few matches and reads the index's posting lists. Shown
 * the words, it guesses half the prompts for "with" and reads every row's
 * words instead (52 against 24 ms).
 */
const anyWord = sql`(SELECT string_agg(quote_literal(word), ' | ')::tsquery FROM containing)`;

/**
 * How a run of letters and digits inside a longer needle must appear among a
 * text's words: a run with a separator on both sides in the needle is a
 * whole word of the text; one at the needle's start is the end of a word,
 * one at its end the start of one ("practice set about" lies in a word
 * ending in "practice", the word "set" and a word starting with "about").
 * A start too short to look up its words (SHORTEST_OPEN_RUN) is a 'prefix':
 * it narrows only as the start of the second word of the pair it makes with
 * the run before it ("about a": a pair "about a..." or "whereabout a...").
 */
type RunPlace = 'whole' | 'end' | 'start' | 'prefix';

export interface PhraseRun {
  readonly run: string;
  readonly place: RunPlace;
  /** Which of the needle's runs it is (0 for the first): two runs next to each other are a word pair (migration 0018). */
  readonly position: number;
}

/**
 * The longest run the word index finds as a whole word, a word's start or
 * its end. Migration 0011 keeps a word over 60 characters as pieces of 60
 * starting every 30: its first piece starts where it does and its last,
 * at least 31 long, ends where it does, and a word of 30 or fewer is one
 * piece.
 */
const LONGEST_PHRASE_RUN = 30;

/**
 * The shortest run looked up as a word's start or end: "a" at a needle's
 * end starts hundreds of words, whose posting lists narrow nothing. Such a
 * run at the needle's end still narrows as a prefix of the pairs that the
 * run before it makes (phraseRuns).
 */
const SHORTEST_OPEN_RUN = 3;

/**
 * The most words a run may stand for and still be looked up. Measured over
 * 300 of the bench's two- and three-word needles at 100,000 prompts: the
 * lookups took 3.3-3.8 ms a needle with at most 4 or 8 words a run, 4.1-4.2
 * with 16, 5.4 with 64 ("summary for a": its "a" starts hundreds), against
 * 7.4-9.2 ms through the trigram index.
 */
const MAX_WORDS_PER_RUN = 8;

/**
 * The most word pairs two neighbouring runs may stand for and still be
 * looked up (the words of one times the words of the other). A pair that
 * no prompt holds costs one lookup in the pairs' index and an empty list;
 * a whole word stands for one word, so its neighbour may be a word's start
 * or end shared by up to this many.
 */
const MAX_PAIRS_PER_NEIGHBOURS = 64;

/**
 * The most prompts the words of the run before a prefix (RunPlace) may be
 * held by together, as search_words last counted them (a lower bound), for
 * the prefix's pairs to narrow, and then only when no pair of whole words
 * narrows: reading every pair that starts so cost "tips for a" 13-14 ms at
 * 100,000 prompts, its whole pairs alone 6-9. The pairs' candidates are
 * among those prompts. Measured when the pairs were a stored column and
 * a bitmap of that many went lossy in the default work_mem: at 1,000,000
 * prompts "with a" (the word in 518,160 prompts) counted in 3.1 s through
 * the prefix against 0.7-1.0 s through trigrams, and "create a" listed in
 * 490-680 ms against 290-300 through the word alone; "plan a" ("plan" in
 * 70,810) listed in 252-267 ms against 459-546 (decision 0020, amended).
 * Since decision 0026 the table is a third of its size and such a bitmap
 * stays exact in 4 MB up to about 1,100,000 prompts (docs/operations.md,
 * Sizing), but a prefix's candidates still cost their reading.
 */
export const PREFIX_PAIR_MAX_PROMPTS = 100_000;

/** Printable ASCII and the other ASCII characters: the word index's letters and digits, and separators that lower() keeps. */
const ASCII_TEXT = /^[\x00-\x7f]*$/;

/**
 * The runs of a needle of several words (ASCII, with characters other than
 * letters and digits) that can narrow its search, each with where it must
 * lie in the text's words (RunPlace); none when the needle is not such a
 * phrase or no run narrows (a run too long for one word piece, short at the
 * needle's start, or short at its end with no run before it to pair with).
 */
export function phraseRuns(dialect: Dialect, text: string): PhraseRun[] {
  if (dialect !== 'postgres' || !ASCII_TEXT.test(text)) return [];
  const runs: PhraseRun[] = [];
  let position = -1;
  for (const match of text.matchAll(/[A-Za-z0-9]+/g)) {
    position += 1;
    const run = match[0];
    const atStart = match.index === 0;
    const atEnd = match.index + run.length === text.length;
    // A run at both ends is the whole needle, found anywhere inside a word: the word path's (WORD_NEEDLE).
    if (atStart && atEnd) continue;
    const short = run.length < SHORTEST_OPEN_RUN;
    const place: RunPlace = atStart ? 'end' : !atEnd ? 'whole' : short ? 'prefix' : 'start';
    if (run.length > LONGEST_PHRASE_RUN || (place === 'end' && short)) continue;
    if (place === 'prefix' && runs.at(-1)?.position !== position - 1) continue;
    runs.push({ run, place, position });
  }
  return runs;
}

/**
 * The words of search_words a run can be, as phraseRuns places it,
 * lower-cased by the database as the texts were; for a prefix, the run
 * itself, which the pairs' query asks for as a lexeme's start.
 */
function runWords(run: PhraseRun, index: number) {
  const head = sql`SELECT ${sql.lit(index)} AS run, ${run.position}::integer AS position`;
  if (run.place === 'prefix') return sql`${head}, lower(${run.run}) AS word, 0 AS prompts, true AS prefix`;
  const word =
    run.place === 'whole'
      ? sql`word = lower(${run.run})`
      : run.place === 'end'
        ? sql`word LIKE '%' || lower(${run.run})`
        : sql`word LIKE lower(${run.run}) || '%'`;
  // Enough words a run to tell a run of too many from one of a pair's worth (a truncated list makes too many pairs).
  return sql`${head}, word, prompts, false AS prefix FROM (
      SELECT word, prompts FROM search_words WHERE ${word} LIMIT ${sql.lit(MAX_PAIRS_PER_NEIGHBOURS + 1)}) AS words`;
}

/**
 * PostgreSQL: up to `limit` ids of prompts, of any status, containing a
 * needle of several words (phraseRuns), found through the word index and
 * tested for the needle itself, and how many there are, counted up to
 * `countTo` (firstCounted). Undefined when no run narrows the search,
 * or the database lower-cases a run to anything but ASCII letters and
 * digits (Turkish collations turn "I" into a dotless i, which ends a word).
 *
 * The candidates, narrowest first:
 * - Word pairs (migration 0018): when two runs next to each other stand for
 *   at most MAX_PAIRS_PER_NEIGHBOURS pairs of words, the prompts where one
 *   such pair stands in the text, for every such two runs. At 100,000
 *   prompts "steps for" had 237 candidates, all matches (2 ms), where the
 *   prompts holding "steps" took 130-240 ms to test. A prefix run makes
 *   the pairs that start so ("about a" asks for 'about a':*), when the run
 *   before it is in few enough prompts (PREFIX_PAIR_MAX_PROMPTS): at
 *   100,000 prompts the 12,252 candidates of "about a" were all matches,
 *   counted in 75-76 ms against 263-337 through the trigram index (decision
 *   0020, amended).
 * - Words: each run that stands for at most MAX_WORDS_PER_RUN words asks
 *   for a prompt holding one of them. The trigram index finds the same
 *   prompts by intersecting the posting lists of every trigram in both
 *   columns ("practice set about": 12 ms of index scans for 252
 *   candidates); the words' lists gave 217 candidates in about 1 ms.
 * Either way the candidates hold the needle's words, not necessarily its
 * separators, and are tested with strpos, which the planner cannot serve
 * from the trigram indexes as it would a LIKE (it then intersected both,
 * and the words saved nothing); on the lower-cased copy strpos finds the
 * same texts as the LIKE of the trigram path.
 */
export async function firstMatchesByPhraseWords(
  db: Kysely<Database>,
  text: string,
  limit: number,
  countTo = limit,
): Promise<CountedMatches<string> | undefined> {
  const statement = phraseMatchesStatement(db, text, limit, countTo);
  if (statement === undefined) return undefined;
  const { rows } = await db.executeQuery(statement);
  const head = rows[0];
  if (!head?.usable || !head.narrowed) return undefined;
  return joinedCountedMatches(head);
}

/** What firstMatchesByPhraseWords' statement answers. */
type PhraseMatchesRow = JoinedIds & { usable: boolean; narrowed: boolean };

/**
 * firstMatchesByPhraseWords' statement (exported for its plan's test): one
 * row of whether the runs are usable and narrowed, the matches' ids joined
 * (JoinedIds), and how many there are, up to `countTo` (firstCountedJoined).
 * Undefined when the needle has no run to look up (phraseRuns). A phrase of
 * a few runs, whose statement is prepared (phraseStatementName), is
 * compiled once for where its runs lie (StatementTemplates): building and
 * compiling it was about a tenth of what the server allocated under the
 * distinct-search load (100,000 prompts).
 */
export function phraseMatchesStatement(
  db: Kysely<Database>,
  text: string,
  limit: number,
  countTo = limit,
): CompiledQuery<PhraseMatchesRow> | undefined {
  const runs = phraseRuns('postgres', text);
  if (runs.length === 0) return undefined;
  if (runs.length > MOST_PREPARED_RUNS) return phraseMatchesQuery(runs, text, limit, countTo).compile(db);
  const values: Record<string, string | number> = { text, limit, countTo };
  runs.forEach((run, index) => {
    values[`run${index}`] = run.run;
    values[`position${index}`] = run.position;
  });
  return phraseLookups.compiled(runPlaces(runs), values, (marked) => {
    // Markers stand in for the values: cast, never converted, so each reaches its parameter unchanged.
    const markedRuns = runs.map((run, index) => ({
      ...run,
      run: marked[`run${index}`] as string,
      position: marked[`position${index}`] as number,
    }));
    return phraseMatchesQuery(markedRuns, marked.text as string, marked.limit as number, marked.countTo as number).compile(db);
  });
}

/** The statement of phraseMatchesStatement, built for these runs and values (exported for its test). */
export function phraseMatchesQuery(runs: readonly PhraseRun[], text: string, limit: number, countTo: number) {
  return sql<PhraseMatchesRow>`${phraseStatementName('phrase-words', runs)}
    ${phraseCandidates(runs, text)}
    SELECT (SELECT usable FROM usable) AS usable,
      (SELECT query FROM pair_narrowing) IS NOT NULL OR (SELECT query FROM word_narrowing) IS NOT NULL AS narrowed, first.ids, first.n
    FROM (${firstCountedJoined(sql`SELECT id FROM matches`, limit, countTo)}) AS first`;
}

/**
 * PostgreSQL: how many prompts, of any status, contain a needle of several
 * words (phraseRuns) whose neighbouring runs narrow it to word pairs
 * (firstMatchesByPhraseWords): each prompt holding the pairs is tested for
 * the needle. Undefined when no two runs narrow it so, or a run is not
 * usable: candidates of the words alone may be many times the matches, as
 * the trigram index's are. At 100,000 prompts "steps for" (237 matches)
 * counted in 1.4-2.3 ms against 122-157 through trigrams, "team onboarding"
 * (2,901) in 7-9 against 10-19.
 */
export async function countByPhrasePairs(db: Kysely<Database>, text: string): Promise<number | undefined> {
  const runs = phraseRuns('postgres', text);
  // No two runs next to each other ("a local": the "a" is too short to look up as a word's end): no pair to narrow by.
  if (!runs.some((run, index) => runs[index + 1]?.position === run.position + 1)) return undefined;
  const { rows } = await sql<{ n: string | number | null }>`${phraseStatementName('phrase-count', runs)}
    ${phraseCandidates(runs, text)}
    SELECT CASE WHEN (SELECT usable FROM usable) AND (SELECT query FROM pair_narrowing) IS NOT NULL
      THEN (SELECT count(*) FROM matches) END AS n`.execute(db);
  const n = rows[0]?.n;
  return n === null || n === undefined ? undefined : Number(n);
}

/**
 * The CTEs of a phrase's statements (firstMatchesByPhraseWords and
 * countByPhrasePairs): `found`, each run's words (a prefix run: itself,
 * flagged); `pair_narrowing` and `word_narrowing`, the text search queries
 * they make (null when none narrows; a prefix only in pairs, and only when
 * no pair of whole words narrows); `usable`; and `matches`, the prompts
 * holding the needle among the candidates of the pairs, or of the words
 * when no pair narrows. The pairs replace the words rather than add to
 * them: a run in no pair that
 * narrows (one beside a run too long to look up, or whose neighbour starts
 * too many words) is not asked for, which costs candidates, never a match,
 * and spares reading its words' posting lists.
 */
function phraseCandidates(runs: readonly PhraseRun[], text: string) {
  const found = runs.map(runWords);
  const holdsNeedle = sql`(strpos(title, lower(${text})) > 0 OR strpos(prompt, lower(${text})) > 0)`;
  return sql`WITH found AS MATERIALIZED (${sql.join(found, sql` UNION ALL `)}),
      pair_narrowing AS MATERIALIZED (
        SELECT string_agg('(' || alternatives || ')', ' & ')::tsquery AS query FROM (
          SELECT string_agg(DISTINCT quote_literal(
              right(earlier.word, ${sql.lit(PAIR_SIDE_LENGTH)}) || ' ' || left(later.word, ${sql.lit(PAIR_SIDE_LENGTH)}))
              || CASE WHEN later.prefix THEN ':*' ELSE '' END, ' | ') AS alternatives,
            bool_or(later.prefix) AS prefix, count(*) OVER () AS narrowing
          FROM found earlier JOIN found later ON later.position = earlier.position + 1
          GROUP BY earlier.run
          HAVING count(*) <= ${sql.lit(MAX_PAIRS_PER_NEIGHBOURS)}
            AND (NOT bool_or(later.prefix) OR sum(earlier.prompts) <= ${sql.lit(PREFIX_PAIR_MAX_PROMPTS)})) AS narrow
        -- A prefix reads the posting list of every pair starting so: only when no pair of whole words narrows.
        WHERE NOT prefix OR narrowing = 1),
      word_narrowing AS MATERIALIZED (
        SELECT string_agg('(' || alternatives || ')', ' & ')::tsquery AS query FROM (
          SELECT string_agg(quote_literal(word), ' | ') AS alternatives FROM found WHERE NOT prefix
          GROUP BY run HAVING count(*) <= ${sql.lit(MAX_WORDS_PER_RUN)}) AS narrow),
      usable AS MATERIALIZED (
        SELECT bool_and(lower(run) ~ '^[0-9a-z]+$') AS usable FROM unnest(ARRAY[${sql.join(runs.map(({ run }) => run))}]::text[]) AS run),
      matches AS MATERIALIZED (
        SELECT id FROM prompt_search
        WHERE (SELECT usable FROM usable) AND (SELECT query FROM pair_narrowing) IS NOT NULL
          AND ${pairsOfRow('prompt_search')} @@ (SELECT query FROM pair_narrowing) AND ${holdsNeedle}
        UNION ALL
        SELECT id FROM prompt_search
        WHERE (SELECT usable FROM usable) AND (SELECT query FROM pair_narrowing) IS NULL
          AND ${wordsOfRow('prompt_search')} @@ (SELECT query FROM word_narrowing) AND ${holdsNeedle})`;
}

/**
 * The most runs a phrase's statement is prepared for (phraseStatementName):
 * its text depends only on where each run lies, so up to this many runs
 * make at most 6 texts of each length (21 in all), which a connection
 * keeps prepared.
 */
const MOST_PREPARED_RUNS = 4;

/**
 * The templates of phraseMatchesStatement, one for where each phrase's runs
 * lie: bounded by every sequence of the four places up to
 * MOST_PREPARED_RUNS runs (340), of which 21 occur, so the bound is never
 * what turns one away.
 */
const phraseLookups = new StatementTemplates(
  'phrase lookup',
  Array.from({ length: MOST_PREPARED_RUNS }, (_, index) => 4 ** (index + 1)).reduce((sum, sequences) => sum + sequences, 0),
);

/**
 * A phrase's statement (its matches, 'phrase-words', or its count,
 * 'phrase-count') as a prepared statement named by its runs' places, when
 * it has few runs. Parsing and planning it took 0.4 of
 * its 1.1 ms in PostgreSQL under the bench's distinct searches (100,000
 * prompts). Prepared, it is planned for its values five times; then
 * PostgreSQL keeps one generic plan when that plan's estimated cost is no
 * worse, as it was in that load (planning 0.008 ms). That plan loses
 * nothing: the prompts are read through the words' query, a subquery the
 * planner cannot see into either way, and it looks each run's words up in
 * search_words' trigram index whatever their number, where a plan for the
 * values scanned the 703 words of the bench's library (fine there, not with
 * a real library's vocabulary). Longer phrases are planned each time.
 */
function phraseStatementName(family: 'phrase-words' | 'phrase-count', runs: readonly PhraseRun[]) {
  if (runs.length > MOST_PREPARED_RUNS) return sql``;
  return preparedStatement(`${family}-${runPlaces(runs)}`);
}

/** Where a phrase's runs lie, a letter each ("es": a word's end, then a word's start): what its statement's text depends on. */
function runPlaces(runs: readonly PhraseRun[]): string {
  return runs.map(({ place }) => place.charAt(0)).join('');
}
