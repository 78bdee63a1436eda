import type { SortOption } from '@prompt-vault/shared/schemas';
import {
  type CompiledQuery,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { writtenIntoStatement } from '../db/sqlite-plan-values';
import { StatementTemplates } from '../db/statement-templates';
import { type Dialect, preparedByShape } from '../db/connect';
import { keptGramCount } from '../db/search-grams';
import type { Database } from '../db/schema';
import { visiblePromptCount } from '../db/summaries';
import type { Cursor } from './cursor';
import { RELEVANCE_TIERS, type RelevanceTier, type TitleMatches, relevanceTierCondition } from './relevance';
import {
  type CountedMatches,
  type MatchList,
  type PageSearchStrategy,
  type SearchStrategy,
  TRIGRAM_MIN_LENGTH,
  indexMatchCount,
  indexMatches,
  matchListValue,
  searchCondition,
} from './search';
import { planWindow, windowMatches } from './trigram-plan';
import { wordPhraseMatches } from './word-phrase-plan';
import {
  COMMON_NEEDLE,
  countByPhrasePairs,
  countByWords,
  firstMatchesByPhraseWords,
  keptWordCount,
  keptWordFound,
  matchListByWords,
  wordIndexServes,
} from './word-search';

/** Reading the list, its totals and single prompts, for the API and the pages. */

export interface PromptFilter {
  /** A search text, normalised by searchTextOf; absent or empty for no search. */
  readonly q?: string;
  readonly category?: string;
  readonly model?: string;
  /** Only prompts this user liked. */
  readonly likedBy?: string;
  /** Only prompts carrying every one of these normalised tags; absent or empty for no tag filter. */
  readonly tags?: readonly string[];
}

export interface PageRequest {
  readonly sort: SortOption;
  readonly limit?: number;
  readonly after?: Cursor;
  /** How a search text finds the page's prompts (search.ts); the index by default. */
  readonly searchStrategy?: PageSearchStrategy;
  /** For the best-match order: what the listing read of the titles beforehand (relevance.ts). */
  readonly titleMatches?: TitleMatches;
  /**
   * SQLite: the tags are common enough that walking the sort's index meets a
   * page of them soon. Without statistics SQLite starts from the tag's
   * prompts, reads each one's row for its sort value and sorts them all: at
   * 100k prompts a tag of 2,500 took 6-29 ms newest first against 0.6-2.6 ms
   * walking (measured before a lone tag's newest page came from its own
   * range, migration 0013; other sorts and filters still walk).
   * PostgreSQL's planner chooses from its statistics.
   */
  readonly walkTags?: boolean;
}

const SORT_KEYS = {
  newest: { column: 'created_at', direction: 'desc' },
  // Within each tier of the best-match order (relevance.ts).
  relevance: { column: 'like_count', direction: 'desc' },
  likes_desc: { column: 'like_count', direction: 'desc' },
  likes_asc: { column: 'like_count', direction: 'asc' },
  copies_desc: { column: 'copy_count', direction: 'desc' },
} as const satisfies Record<SortOption, { column: string; direction: 'asc' | 'desc' }>;

export function sortColumn(sort: SortOption): (typeof SORT_KEYS)[SortOption]['column'] {
  return SORT_KEYS[sort].column;
}

export type PromptQuery = SelectQueryBuilder<Database, 'prompts', object>;

function applyFilter(
  query: PromptQuery,
  dialect: Dialect,
  filter: PromptFilter,
  strategy?: PageSearchStrategy,
  walkTags = false,
): PromptQuery {
  // Written in, not bound: SQLite plans with it (db/sqlite-plan-values.ts).
  let filtered = query.where('prompts.status', '=', writtenIntoStatement('visible'));
  const text = filter.q;
  if (text) filtered = filtered.where((eb) => searchCondition(dialect, eb, text, strategy));
  if (filter.category !== undefined) filtered = filtered.where('prompts.category', '=', filter.category);
  if (filter.model !== undefined) filtered = filtered.where('prompts.model', '=', filter.model);
  // One index range of prompt_tags (keyed tag first) per tag; a prompt carries each tag at most once.
  // The unary + keeps SQLite from starting at the tag's prompts (PageRequest.walkTags): it walks the
  // sort's own index and tests each prompt against the tag's, stopping when the page is full.
  const promptId = walkTags && dialect === 'sqlite' ? sql<string>`+prompts.id` : sql.ref<string>('prompts.id');
  for (const tag of filter.tags ?? []) {
    filtered = filtered.where((eb) =>
      eb(promptId, 'in', eb.selectFrom('prompt_tags').select('prompt_tags.prompt_id').where('prompt_tags.tag', '=', tag)),
    );
  }
  const likedBy = filter.likedBy;
  if (likedBy !== undefined) {
    // IN, not a correlated EXISTS: SQLite then starts from the user's likes
    // (likes_user_idx) instead of probing likes for every prompt (0.2 ms
    // against 38 ms at 100k prompts).
    filtered = filtered.where('prompts.id', 'in', (eb) =>
      eb.selectFrom('likes').select('likes.prompt_id').where('likes.user_id', '=', likedBy),
    );
  }
  return filtered;
}

/** Selects the prompt columns plus whether `userId` liked each one. */
export function selectPromptColumns(query: PromptQuery, userId: string | undefined) {
  return query
    .select([
      'prompts.id',
      'prompts.title',
      'prompts.prompt',
      'prompts.category',
      'prompts.model',
      'prompts.like_count',
      'prompts.copy_count',
      'prompts.comment_count',
      'prompts.created_at',
      'prompts.tag_list',
    ])
    .select((eb) =>
      userId === undefined
        ? sql<boolean>`0`.as('liked')
        : eb
            .exists(
              eb
                .selectFrom('likes')
                .select(sql`1`.as('one'))
                .whereRef('likes.prompt_id', '=', 'prompts.id')
                .where('likes.user_id', '=', userId),
            )
            .as('liked'),
    );
}

export type PromptRow = Awaited<ReturnType<ReturnType<typeof sortedPageQuery>['execute']>>[number] & {
  readonly relevance_tier?: RelevanceTier;
};

/** A page of prompts in the requested order; a search's best-match order reads its tiers in turn. */
export async function listPrompts(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: PromptFilter,
  page: PageRequest,
  userId: string | undefined,
): Promise<PromptRow[]> {
  if (page.sort !== 'relevance') return runPageQuery(db, dialect, filter, page, userId);
  const text = filter.q;
  // The route refuses sort=relevance without a search (listQuerySchema).
  if (!text) throw new Error('The best-match order needs a search text');
  const rows: PromptRow[] = [];
  const firstTier = page.after?.tier ?? 0;
  for (const tier of RELEVANCE_TIERS.filter((candidate) => candidate >= firstTier)) {
    const left = page.limit === undefined ? undefined : page.limit - rows.length;
    if (left === 0) break;
    // A title match is a search match: with the title matches read, tiers 0-1 need no other test of the
    // text (and PostgreSQL's planner, given two id lists at once, scans the whole table).
    const titleTier = tier === 0 || tier === 1;
    // Each tier asks for the page's size, not what is left of it: SQLite writes the size into the statement's
    // text (sortedPageQuery), which would otherwise be a text of its own for every count left. The rows past
    // what is left are dropped here.
    const tierRows = await sortedPageQuery(
      db,
      dialect,
      titleTier && page.titleMatches?.all ? { ...filter, q: undefined } : filter,
      { ...page, after: tier === firstTier ? page.after : undefined },
      userId,
      (eb) => relevanceTierCondition(dialect, eb, text, tier, page.titleMatches),
    ).execute();
    for (const row of tierRows.slice(0, left)) rows.push({ ...row, relevance_tier: tier });
  }
  return rows;
}

/**
 * Runs a page's query (not the best-match order's, whose tiers may walk).
 * A search's page from its match list with no other filter (the searches
 * nobody made before: a new needle each, never cached) runs as
 * matchPageStatement.
 */
async function runPageQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: PromptFilter,
  page: PageRequest,
  userId: string | undefined,
): Promise<PromptRow[]> {
  const list = page.searchStrategy;
  if (typeof list !== 'object' || 'joined' in list || !isSearchOnly(filter))
    return sortedPageQuery(db, dialect, filter, page, userId).execute();
  const { rows } = await db.executeQuery(matchPageStatement(db, dialect, filter, page, list, userId));
  return rows;
}

/**
 * The templates of matchPageStatement: 4 orders x walked or not x cursor and
 * visitor each present or not (32), by limit present or not on PostgreSQL,
 * by page size on SQLite, where the web app asks one size and the API any
 * up to PAGE_SIZE_MAX: 512 holds 16 sizes (a server runs one dialect), past
 * which a page is built each time, its statement still kept by the read
 * threads (none is ever dropped, so a client asking many sizes first can
 * leave a later size built each time).
 */
const matchPages = new StatementTemplates('match page', 512);

/**
 * The page of a search from its match list, with no other filter
 * (runPageQuery), compiled once for each shape (StatementTemplates): order,
 * dialect, whether it walks its order, a cursor, a visitor and a limit.
 * Building and compiling the query was about a fifth of what the server
 * allocated under the distinct-search load (PostgreSQL, 100,000 prompts).
 * It is built from those alone, never from the rest of `filter` or `page`.
 *
 * On PostgreSQL a page that looks up each prompt of its list is also a
 * prepared statement of its shape: whatever the list, its plan is the same
 * (a primary-key lookup of each listed id, then the page's order), and
 * planning it anew took 0.3-0.7 of its 2.6-3.4 ms in PostgreSQL (432
 * matches at 100,000 prompts). Not a page that walks its order testing
 * each prompt against the list (walkOrder): PostgreSQL tests membership in
 * a list given as a value through a hash table, in a list that is a
 * parameter of a generic plan one element after another ("recipe", 1,611
 * matches: 4-5 ms planned for the list, 95-102 ms generic).
 * (Exported for its test.)
 */
export function matchPageStatement(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: PromptFilter,
  page: PageRequest,
  list: MatchList,
  userId: string | undefined,
): CompiledQuery<PromptRow> {
  if (!filter.q || !isSearchOnly(filter)) throw new Error('A match page is a search with no other filter');
  const walkOrder = list.walkOrder === true;
  // SQLite's page has its size written in (sortedPageQuery): part of the shape, not a value.
  const sizeInText = dialect === 'sqlite';
  const values = {
    list: matchListValue(dialect, list.matches),
    afterValue: page.after?.value,
    afterId: page.after?.id,
    userId,
    limit: sizeInText ? undefined : page.limit,
  };
  const shape = `${dialect}-${page.sort}-${walkOrder ? 'walked' : 'looked-up'}${sizeInText ? `-${page.limit ?? 'all'}` : ''}`;
  return matchPages.compiled(shape, values, (marked) => {
    const after =
      marked.afterValue !== undefined && marked.afterId !== undefined ? { value: marked.afterValue, id: marked.afterId } : undefined;
    const limit = sizeInText ? page.limit : marked.limit;
    const shaped: PageRequest = { sort: page.sort, after, limit, searchStrategy: { joined: marked.list, walkOrder } };
    const query = sortedPageQuery(db, dialect, { q: filter.q }, shaped, marked.userId);
    return dialect === 'postgres' && !walkOrder ? preparedByShape('match-page', query) : query.compile();
  });
}

/** Where the page after `row` starts: its sort value and id (and for the best-match order, its tier). */
export function cursorAfter(sort: SortOption, row: PromptRow): Cursor {
  const cursor = { value: row[sortColumn(sort)], id: row.id };
  return sort === 'relevance' ? { ...cursor, tier: row.relevance_tier ?? 0 } : cursor;
}

/**
 * The filter's tag when it is the whole filter. With anything else to test
 * (another tag, a category, a search, the visitor's likes) the rarer
 * condition may be the better start, which the planners choose; starting
 * from the tag's own range would walk all of it.
 */
function soleTag(filter: PromptFilter): string | undefined {
  const [tag, ...others] = filter.tags ?? [];
  const alone = !filter.q && filter.category === undefined && filter.model === undefined && filter.likedBy === undefined;
  return alone && others.length === 0 ? tag : undefined;
}

/**
 * The query behind one page in one order (the tests read its plan). Its
 * text must depend on the page's shape alone, never on the values it is
 * run with (no sql.lit, no branch on what a value holds), but for SQLite's
 * page size, which is written in and is part of the shape:
 * matchPageStatement compiles it once for each shape, and on PostgreSQL
 * prepares it by that text.
 */
export function sortedPageQuery(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: PromptFilter,
  page: PageRequest,
  userId: string | undefined,
  only?: (eb: ExpressionBuilder<Database, 'prompts'>) => Expression<SqlBool>,
) {
  const { column, direction } = SORT_KEYS[page.sort];
  // Newest first, one tag's page is the end of its own range of prompt_tags (migration 0013): the same rows
  // in the same order, as its created_at and prompt_id are the prompt's.
  const orderingTag = page.sort === 'newest' && !only ? soleTag(filter) : undefined;
  const inTagOrder = orderingTag !== undefined;
  // SQLite tests a row's conditions in the order written: `only` first, as it tests the title before the text.
  let base = only ? db.selectFrom('prompts').where(only) : db.selectFrom('prompts');
  if (inTagOrder) {
    // CROSS JOIN makes SQLite start from the tag's range, whatever its statistics say (a new library has
    // none, and then walked the whole library's copies index); PostgreSQL plans it as any inner join.
    // The cast keeps one query type for the filters, which name only the prompts' columns.
    base = db
      .selectFrom('prompt_tags as tag_order')
      .crossJoin('prompts')
      .whereRef('tag_order.prompt_id', '=', 'prompts.id')
      .where('tag_order.tag', '=', orderingTag) as unknown as PromptQuery;
  }
  let query = applyFilter(base, dialect, inTagOrder ? { ...filter, tags: [] } : filter, page.searchStrategy, page.walkTags);
  const [sortRef, idRef] = inTagOrder
    ? (['tag_order.created_at', 'tag_order.prompt_id'] as const)
    : ([`prompts.${column}`, 'prompts.id'] as const);
  const after = page.after;
  if (after) {
    const comparison = direction === 'desc' ? '<' : '>';
    query = query.where((eb) => eb(eb.refTuple(sql.ref(sortRef), sql.ref(idRef)), comparison, eb.tuple(after.value, after.id)));
  }
  if (page.limit !== undefined && readsPageIdsFirst(dialect, page.searchStrategy, only !== undefined)) {
    const pageIds = query.select('prompts.id').orderBy(sql.ref(sortRef), direction).orderBy(sql.ref(idRef), direction).limit(page.limit);
    query = db.selectFrom('prompts').where('prompts.id', 'in', pageIds);
  }
  let ordered = selectPromptColumns(query, userId).orderBy(sql.ref(sortRef), direction).orderBy(sql.ref(idRef), direction);
  // SQLite plans a page by its size (walk the order's index, or sort): written in, so a read thread's statement is
  // not prepared again on every run (db/sqlite-plan-values.ts). PostgreSQL's prepared pages take it as a value.
  if (page.limit !== undefined) ordered = ordered.limit(dialect === 'sqlite' ? writtenIntoStatement(page.limit) : page.limit);
  return ordered;
}

/**
 * Whether a page (of a limited size) is read as its ids first, then their
 * rows: on PostgreSQL, a page that walks its order testing each prompt
 * against a match list (MatchList.walkOrder). The ids' subquery names no
 * column but the order's, the id and what the filters test, which the
 * order indexes hold (status, category or model, the sort column, id) or
 * which are lists of ids (a tag's, the visitor's likes), so PostgreSQL can
 * walk an index alone (an index-only scan, on the pages the visibility map
 * marks all visible) and then reads the rows of the page's ids only.
 * Selecting the rows while walking fetched every prompt walked from the
 * table, matched or not, which at 1,000,000 prompts was a quarter of
 * PostgreSQL's time under the distinct searches (docs/performance.md,
 * session 44). Not a best-match tier's page (sortedPageQuery's `only`): its
 * condition tests each walked prompt's title or text, so the walk reads the
 * rows anyway. The search's plan chooses which lists walk knowing which
 * walks read index entries alone (walkReads in listing.ts): from fewer
 * matches than those that read rows (walkOrderFor).
 */
function readsPageIdsFirst(dialect: Dialect, strategy: PageSearchStrategy | undefined, bestMatchTier: boolean): boolean {
  const walked = typeof strategy === 'object' && strategy.walkOrder === true;
  return dialect === 'postgres' && !bestMatchTier && walked;
}

/**
 * How far past its limit a search's match list is counted (findMatches): a
 * needle in fewer than this many lists' worth of prompts gets its exact
 * total from the statement that found it common (decision 0021). At
 * 100,000 prompts most of the bench's needles that needed a count request
 * (101 of 133 on SQLite, 49 of 54 on PostgreSQL) are in fewer, the
 * phrases most often in 2,760-2,941 prompts; a needle in more now reads
 * half as many matches again before it is given up on, which at 1,000,000
 * prompts is 12,500 more.
 */
export const MATCH_COUNT_REACH = 1.5;

/**
 * How far a search with no other filter counts the matches of its match
 * list's statement (findMatches' `countTo`): with a category or a tag
 * beside it the count would not be its total, and would be read for
 * nothing.
 */
export function matchCountReach(limit: number): number {
  return Math.ceil(limit * MATCH_COUNT_REACH);
}

/** What the indexes found for a search text (findMatches). */
export interface IndexMatches {
  /** Every match, when there are fewer than the limit. */
  readonly list?: MatchList;
  /**
   * Without a list: how many prompts, of any status, contain the text, when
   * fewer than the count asked for (the hidden ones are still to be taken
   * off: hiddenMatchCount).
   */
  readonly matchCount?: number;
}

/**
 * An index's matches for a search text (the word index's for a word or a
 * phrase it serves, or else the trigram index's): its match list when there
 * are fewer than `limit`, else, counted in the same statement, how many
 * there are when fewer than `countTo` (matchCountReach); nothing when there
 * are more (a common needle) or no index serves the text. A word on
 * PostgreSQL is not counted here: its total is kept with the writes
 * (keptSearchCount).
 */
export async function findMatches(
  db: Kysely<Database>,
  dialect: Dialect,
  text: string,
  limit: number,
  countTo = limit,
): Promise<IndexMatches> {
  if (limit <= 0) return {};
  if (wordIndexServes(dialect, text)) {
    const found = await matchListByWords(db, text, limit);
    if (found !== undefined) return found === COMMON_NEEDLE ? {} : { list: { matches: found } };
  }
  const found = await phraseOrTrigramMatches(db, dialect, text, limit, countTo);
  if (found === undefined) return {};
  if (found.counted < limit) return { list: { matches: found.ids } };
  return found.counted < countTo ? { matchCount: found.counted } : {};
}

/**
 * Up to `limit` prompts, of any status, containing `text`, and how many
 * there are, counted up to `countTo` (firstCounted in search.ts), from the
 * word index when it serves the needle, else from the trigram index;
 * undefined when neither serves it. On PostgreSQL a needle of several words
 * whose words narrow it (firstMatchesByPhraseWords: at 100,000 prompts,
 * 3.3-3.8 ms a needle against 7.4-9.2 through trigrams); on SQLite a needle
 * of 3 characters or more with a word (wordPhraseMatches, decision 0028: at
 * 1,000,000 prompts 18.2 ms a needle against 25.6 through trigrams).
 */
async function phraseOrTrigramMatches(
  db: Kysely<Database>,
  dialect: Dialect,
  text: string,
  limit: number,
  countTo = limit,
): Promise<CountedMatches | undefined> {
  const byWords =
    dialect === 'postgres'
      ? await firstMatchesByPhraseWords(db, text, limit, countTo)
      : [...text].length >= TRIGRAM_MIN_LENGTH
        ? await wordPhraseMatches(db, text, limit, countTo)
        : undefined;
  return byWords ?? trigramMatches(db, dialect, text, limit, countTo);
}

/**
 * Up to `limit` prompts, of any status, containing `text`, from the trigram
 * index, and how many there are, counted up to `countTo`; undefined under 3
 * characters. On SQLite through the needle's cheapest part when one costs
 * less than the whole (trigram-plan.ts).
 */
async function trigramMatches(
  db: Kysely<Database>,
  dialect: Dialect,
  text: string,
  limit: number,
  countTo: number,
): Promise<CountedMatches | undefined> {
  if ([...text].length < TRIGRAM_MIN_LENGTH) return undefined;
  if (dialect === 'sqlite') {
    const plan = await planWindow(db, text);
    const found = plan && (await windowMatches(db, text, plan, limit, countTo));
    if (found) return found;
  }
  return indexMatches(db, dialect, text, limit, countTo);
}

/** Index matches sampled to tell whether a search finds anything (anyVisibleMatch). */
const EXISTENCE_SAMPLE = 100;

/** The keys of the hidden prompts, as a match list names them (hiddenPromptKeys). */
export type HiddenKeys = () => Promise<ReadonlySet<number | string>>;

/**
 * The keys a match list names prompts by (MatchList: SQLite rowids,
 * PostgreSQL ids) of every hidden prompt, read from the front of the order
 * indexes, which status leads. Moderation hides few prompts, so a search's
 * total and whether it finds anything test its matches against this set in
 * memory instead of asking the database again for each search; the listing
 * keeps it with the catalog's answers (listing.ts).
 */
export async function hiddenPromptKeys(db: Kysely<Database>, dialect: Dialect): Promise<ReadonlySet<number | string>> {
  const key = dialect === 'sqlite' ? sql<number | string>`prompts.rowid` : sql<number | string>`prompts.id`;
  const hidden = writtenIntoStatement('hidden');
  const rows = await db.selectFrom('prompts').select(key.as('key')).where('prompts.status', '=', hidden).execute();
  return new Set(rows.map((row) => row.key));
}

/** How many of a match list's prompts are visible: its length less the hidden ones among them. */
export function visibleMatchCount(list: MatchList, hidden: ReadonlySet<number | string>): number {
  if (hidden.size === 0) return list.matches.length;
  return list.matches.reduce<number>((count, key) => (hidden.has(key) ? count : count + 1), 0);
}

/**
 * Whether a search text finds a visible prompt: on PostgreSQL, a word from
 * the kept word counts (keptWordFound); otherwise from the first matches an
 * index gives (phraseOrTrigramMatches: on PostgreSQL a phrase's words, else
 * the trigram index), of any status, checked against the hidden prompts:
 * an exact total reads every match of a common word. Undefined when no
 * index serves the text, or the sample held only hidden prompts and more
 * may follow (count then).
 */
export async function anyVisibleMatch(
  db: Kysely<Database>,
  dialect: Dialect,
  text: string,
  hiddenKeys: HiddenKeys = () => hiddenPromptKeys(db, dialect),
): Promise<boolean | undefined> {
  const kept = wordIndexServes(dialect, text) ? await keptWordFound(db, text) : undefined;
  if (kept !== undefined) return kept;
  const ids = (await phraseOrTrigramMatches(db, dialect, text, EXISTENCE_SAMPLE))?.ids;
  if (ids === undefined) return undefined;
  if (visibleMatchCount({ matches: ids }, await hiddenKeys()) > 0) return true;
  return ids.length < EXISTENCE_SAMPLE ? false : undefined;
}

/**
 * How many visible prompts match `filter`. A search with its match list
 * (searchStrategy) counts the list's visible prompts against the hidden
 * ones' keys (`hiddenKeys`: read here by default, kept by the listing), so
 * it asks the database nothing more.
 */
export async function countPrompts(
  db: Kysely<Database>,
  dialect: Dialect,
  filter: PromptFilter,
  searchStrategy?: SearchStrategy,
  hiddenKeys: HiddenKeys = () => hiddenPromptKeys(db, dialect),
): Promise<number> {
  const summarised = await summarisedCount(db, filter);
  if (summarised !== undefined) return summarised;
  const text = filter.q;
  const searchOnly = isSearchOnly(filter);
  // Before the kept counts, which would cost a statement (a word's on PostgreSQL) where the list costs none.
  if (text && searchOnly && typeof searchStrategy === 'object') return visibleMatchCount(searchStrategy, await hiddenKeys());
  const kept = await keptSearchCount(db, dialect, filter);
  if (kept !== undefined) return kept;
  const fromIndex = searchStrategy === undefined || searchStrategy === 'index';
  if (text && searchOnly && fromIndex) {
    // Every match from an index alone, less the hidden ones (found by a scan of the few hidden prompts).
    const [all, hidden] = await Promise.all([matchesOfAnyStatus(db, dialect, text), hiddenMatchCount(db, dialect, text)]);
    if (all !== undefined) return all - hidden;
  }
  const row = await applyFilter(db.selectFrom('prompts'), dialect, filter, searchStrategy)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * How many hidden prompts contain `text`, to take off a count of matches of
 * any status: a scan of the few hidden prompts (the status leads the order
 * indexes).
 */
export async function hiddenMatchCount(db: Kysely<Database>, dialect: Dialect, text: string): Promise<number> {
  const row = await db
    .selectFrom('prompts')
    .where('prompts.status', '=', writtenIntoStatement('hidden'))
    .where((eb) => searchCondition(dialect, eb, text, 'scan'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Whether the filter names nothing beside its search text: no category, model, tag or liked-only. */
export function isSearchOnly(filter: PromptFilter): boolean {
  return filter.category === undefined && filter.model === undefined && filter.likedBy === undefined && (filter.tags ?? []).length === 0;
}

/**
 * A search's exact total read from counts kept with the writes, a few rows
 * whatever the library's size; undefined when none answers it (any filter
 * beside the search, or a needle they do not cover). One or two ASCII
 * characters: their grams (decision 0015). On PostgreSQL, a word of
 * letters and digits: the words containing it (decision 0016).
 */
export async function keptSearchCount(db: Kysely<Database>, dialect: Dialect, filter: PromptFilter): Promise<number | undefined> {
  const text = filter.q;
  if (!text || !isSearchOnly(filter)) return undefined;
  const grams = await keptGramCount(db, dialect, text);
  if (grams !== undefined) return grams;
  return keptWordOf(dialect, filter) !== undefined ? keptWordCount(db, text) : undefined;
}

/**
 * The search text when the kept word counts may answer its total (on
 * PostgreSQL, a word of letters and digits, with no other filter), else
 * undefined: keptSearchCount's question, and the listing's before it reads
 * any match (keptWalkPlan).
 */
export function keptWordOf(dialect: Dialect, filter: PromptFilter): string | undefined {
  const text = filter.q;
  return text && isSearchOnly(filter) && wordIndexServes(dialect, text) ? text : undefined;
}

/**
 * How many prompts, of any status, contain `text`, from an index: on
 * PostgreSQL the word index for a word of ASCII letters and digits (no text
 * read), or the word pairs for a phrase whose neighbouring words narrow it
 * (the candidates' texts read), else the trigram index (3+ characters);
 * undefined when none serves it.
 */
async function matchesOfAnyStatus(db: Kysely<Database>, dialect: Dialect, text: string): Promise<number | undefined> {
  if (wordIndexServes(dialect, text)) {
    const counted = await countByWords(db, text);
    if (counted !== undefined) return counted;
  }
  if (dialect === 'postgres') {
    const counted = await countByPhrasePairs(db, text);
    if (counted !== undefined) return counted;
  }
  if ([...text].length < TRIGRAM_MIN_LENGTH) return undefined;
  const { rows } = await indexMatchCount(dialect, text).execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The whole library's total, or one category's, one model's or one tag's,
 * read from the summaries kept with the writes (decision 0010; tags: migration
 * 0006) instead of counted; undefined for any other filter.
 */
async function summarisedCount(db: Kysely<Database>, filter: PromptFilter): Promise<number | undefined> {
  if (filter.q || filter.likedBy !== undefined) return undefined;
  const tags = filter.tags ?? [];
  if (tags.length > 0) {
    // One tag alone: its kept count of visible prompts (migration 0006); several, or with other filters, are counted.
    const [tag] = tags;
    if (tags.length > 1 || tag === undefined || filter.category !== undefined || filter.model !== undefined) return undefined;
    const row = await db.selectFrom('tags').select('count').where('name', '=', tag).executeTakeFirst();
    return Number(row?.count ?? 0);
  }
  if (filter.category === undefined && filter.model === undefined) {
    return visiblePromptCount(db);
  }
  if (filter.category !== undefined && filter.model !== undefined) return undefined;
  const [field, name] = filter.category !== undefined ? (['category', filter.category] as const) : (['model', filter.model ?? ''] as const);
  const row = await db
    .selectFrom('summary_facets')
    .select('prompts')
    .where('field', '=', field)
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.prompts ?? 0);
}

/** True when a visible prompt has this id. */
export async function promptExists(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db.selectFrom('prompts').select('id').where('id', '=', id).where('status', '=', 'visible').executeTakeFirst();
  return row !== undefined;
}

export async function findPromptById(db: Kysely<Database>, id: string, userId: string | undefined) {
  return selectPromptColumns(db.selectFrom('prompts').where('prompts.status', '=', 'visible'), userId)
    .where('prompts.id', '=', id)
    .executeTakeFirst();
}

/**
 * Ids and creation times of visible prompts (the sitemap needs no text):
 * newest first (the one-file sitemap) or oldest first (the parts of a
 * sitemap index, so a new prompt only changes the last part), a slice at a time.
 */
export async function listPromptStamps(
  db: Kysely<Database>,
  slice: { readonly order: 'newest' | 'oldest'; readonly limit: number; readonly offset?: number },
) {
  const direction = slice.order === 'newest' ? 'desc' : 'asc';
  return db
    .selectFrom('prompts')
    .select(['id', 'created_at'])
    .where('status', '=', 'visible')
    .orderBy('created_at', direction)
    .orderBy('id', direction)
    .offset(slice.offset ?? 0)
    .limit(slice.limit)
    .execute();
}
