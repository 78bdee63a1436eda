import { setImmediate as nextTurn } from 'node:timers/promises';
import { ERROR_CODES } from '@prompt-vault/shared/errors';
import { LIBRARY_PAGE_SIZE } from '@prompt-vault/shared/limits';
import type { CountQuery, ListQuery, Prompt, SortOption } from '@prompt-vault/shared/schemas';
import { searchTextOf } from '@prompt-vault/shared/search-text';
import { type ListKeyParts, cacheKeys } from '../cache/keys';
import type { AppCaches } from '../cache/app-caches';
import type { DatabaseHandle, Dialect } from '../db/connect';
import { badRequest } from '../http/app-error';
import type { PiecePatch } from '../http/spooled-json';
import { type FullList, buildFullList, likedFlagsPatch } from './full-list';
import { decodeCursor, encodeCursor } from './cursor';
import { keptIdList } from './kept-id-lists';
import * as read from './read-repository';
import { type TitleMatches, readTitleMatches, withWalkOrder } from './relevance';
import { type SearchStrategy, TRIGRAM_MIN_LENGTH, type WalkReads, shortestWalkedList, walkOrderFor } from './search';
import { toPrompt } from './to-prompt';
import { keptWordCountReadingFew } from './word-search';
import { createVisitorLikes } from './visitor-likes';

/** How many times a closed unpaged list is asked for again (heldFullList). */
const FULL_LIST_ATTEMPTS = 3;

/** The order a list has when the visitor picked none: newest first. */
export const DEFAULT_SORT: SortOption = 'newest';

/**
 * The share of candidates from which a search scans for its page. Measured
 * at 100k prompts, the two ways cost the same at about 3% of matches on
 * SQLite (3 to 4 ms) and 2% on PostgreSQL; at 2.5% a scan tests about
 * limit / 0.025 = 2,000 prompts.
 */
const SCAN_SEARCH_SHARE = 0.025;

/**
 * The share of the library from which a tag's page walks the sort's index
 * on SQLite (PageRequest.walkTags). Lower than a search's: starting from the
 * tag's prompts reads each one's row and sorts them all, where a search's
 * match list holds the index's keys. At 100k prompts, a tag on 2.4% of them:
 * 8.5 ms from its prompts, 1.3 ms walking about 2,000 index entries
 * (newest first; a lone tag's newest page now reads its own range instead,
 * migration 0013).
 */
const TAG_WALK_SHARE = 0.01;

/**
 * Below this many matches a search always reads its match list, however
 * few the candidates (a small category): reading a hundred index entries
 * costs less than any other plan.
 */
const MIN_MATCH_LIST = 100;

/**
 * How many index matches a search reads into its match list among
 * `candidates` prompts; a search with this many or more has none, and its
 * page walks in order, with its total only when the statement that found it
 * common counted it (read.MATCH_COUNT_REACH) or it is otherwise known
 * without counting (commonSearchPlan).
 */
export function matchListLimit(candidates: number): number {
  return Math.max(MIN_MATCH_LIST, Math.ceil(candidates * SCAN_SEARCH_SHARE));
}

/**
 * How many times the square root of (page + 1) x candidates a search's
 * exact total must reach for its page to walk (keptTotalWalkedFrom). The
 * walk tests about (page + 1) x candidates / matches prompts for a full
 * page of the web app's size, the list reads each match once: they would
 * meet at that square root if a prompt walked cost what a match listed
 * does, but the walk tests each prompt's own text (search.ts, 'scan'),
 * about twice the cost. Measured at 1,000,000 prompts on PostgreSQL with
 * its default 128 MB of shared_buffers, one client, each needle read for
 * the first time (listed against walked): 4,117-4,300 matches 17-47 ms
 * against 38-77; 8,192-8,409, 17-74 against 25-54, a draw; 11,044-12,510,
 * 39-44 against 18-42; 16,686-16,769, 64-78 against 19-28; 24,807, 130
 * against 8-21.
 */
const WALK_ROOTS = 1.5;

/**
 * The fewest matches, among `candidates` prompts, from which a search whose
 * exact total is known walks its order for its page ('scan') instead of
 * reading every match into a list (keptWalkPlan in createListing): 10,500
 * at 1,000,000 prompts. At 100,000 it is 3,321, past the 2,500 a list holds
 * there (matchListLimit): such a needle is common either way, and is spared
 * only the 2,500 to 3,750 matches read to find it so.
 */
export function keptTotalWalkedFrom(candidates: number): number {
  return Math.ceil(WALK_ROOTS * Math.sqrt((LIBRARY_PAGE_SIZE + 1) * candidates));
}

/** What a search's match list is read with (read.findMatches), and so kept under (cacheKeys.searchMatches). */
interface MatchLookup {
  readonly text: string;
  readonly limit: number;
  /** The limit, or past it for a search with no other filter (read.matchCountReach). */
  readonly countTo: number;
}

/** A search's exact total and how its page is read (searchPlan). */
interface SearchPlan {
  /** Undefined when counting would cost more than the page: the total follows (GET /api/prompts/count). */
  readonly total?: number;
  readonly searchStrategy: SearchStrategy;
  readonly titleMatches?: TitleMatches;
}

/**
 * How many title matches the best-match order reads into each of its lists
 * (readTitleMatches) among `candidates` prompts: as many as a search's match
 * list. Titles that common fill a tier's page soon when it walks the likes
 * order testing each title, and reading more cost more than the walk saved,
 * at 100k prompts "plan" (9,946 titles) 11-25 ms on SQLite on each request,
 * and "about" 19-34 ms only to find it had more than 10,000. On PostgreSQL a
 * list as long as the shortest one a best-match tier walks (walkOrderFor,
 * reading rows) buys nothing at all: the tier's walk reads each row either
 * way, and testing its title costs what testing the list does ("plan" read
 * its titles in 17-40 ms).
 */
function titleListLimit(dialect: Dialect, candidates: number, listLimit: number): number {
  return dialect === 'postgres' ? Math.min(listLimit, shortestWalkedList(dialect, candidates, 'rows')) : listLimit;
}

/**
 * What a search's page in `sort` reads of each prompt when it walks its
 * order (walkOrderFor). The best-match tiers test each walked prompt's title
 * or text, so they read its row (read.listPrompts gives each tier a
 * condition, which readsPageIdsFirst in read-repository.ts turns down).
 * Another order walks its index alone on PostgreSQL (readsPageIdsFirst),
 * which holds the status, the sort column, the id and a category or a
 * model, not both: with both, the walk reads each row for the other.
 * (Likes and copies clear the visibility map's bits of the pages they write
 * until the next vacuum, and a walk reads the rows of those pages.)
 */
export function walkReads(sort: SortOption, filter: read.PromptFilter): WalkReads {
  const orderIndexCovers = filter.category === undefined || filter.model === undefined;
  return sort !== 'relevance' && orderIndexCovers ? 'index entries' : 'rows';
}

function titleMatchCount(titles: TitleMatches): number {
  return (titles.all?.matches.length ?? 0) + (titles.wholeWord?.matches.length ?? 0);
}

export interface PromptPage {
  readonly prompts: Prompt[];
  /**
   * Present only for a paged request, and only when known without counting
   * more than the page reads: a search found in too many prompts for a match
   * list has its total follow (`count`, GET /api/prompts/count; decision
   * 0013), unless the statement that found it common counted it (in fewer
   * than read.MATCH_COUNT_REACH lists' worth, with no other filter, and no
   * write since: decision 0021) or counts kept with the writes answer it.
   */
  readonly total?: number;
  readonly nextCursor?: string;
}

/**
 * GET /api/prompts: the unpaged array, or a page with its exact total and
 * the cursor of the next. Shared pages and totals are cached (cache/keys.ts);
 * the visitor's `liked` flags are laid over a shared page (visitor-likes.ts).
 */
export function createListing(database: DatabaseHandle, caches: AppCaches) {
  const { db, dialect } = database;
  const visitorLikes = createVisitorLikes(db, caches);
  /**
   * A search's total and page may take tens of milliseconds (every trigram
   * match of a common word is counted): they run where they cannot hold the
   * event loop (DatabaseHandle.longReads). Browsing reads one index range.
   */
  const readerFor = (filter: read.PromptFilter) => (filter.q ? database.longReads : db);

  /**
   * The hidden prompts' keys, against which a search's match list is counted
   * and "did you mean" tests its sample (read.hiddenPromptKeys): kept like
   * any catalog answer (until a prompt is added, hidden or shown, on this
   * instance or, through Redis, another, and at most the cache's TTL),
   * where each search used to read the hidden prompts again in a statement
   * of its own.
   */
  const hiddenKeys = () => caches.catalog.get(cacheKeys.hiddenPrompts, () => read.hiddenPromptKeys(database.longReads, dialect));

  /**
   * The total behind X-Total-Count. Unless liked-only (which depends on the
   * visitor), it depends on the catalog alone: it is cached until a prompt
   * is added or hidden, so likes and copies do not recount it. Counting 100k
   * index entries, or every trigram match of a common word, on each page
   * request would cost more than the page itself. The whole library's total
   * and one category's or model's are read from the summaries instead of
   * counted (countPrompts, decision 0010).
   */
  const countMatches = (filter: read.PromptFilter, searchStrategy?: SearchStrategy): Promise<number> => {
    const count = () => read.countPrompts(readerFor(filter), dialect, filter, searchStrategy, hiddenKeys);
    if (filter.likedBy !== undefined) return count();
    return caches.catalog.get(cacheKeys.listTotal(keyParts(filter)), count);
  };

  /**
   * A search's total and how it finds its page (search.ts). Looking a
   * needle up in the trigram index costs more than ordering what it finds,
   * so a needle found in few prompts is looked up once: its total and its
   * page both test membership in that match list (at 100k prompts, a
   * fifth less time a search on SQLite, the same on PostgreSQL, whose
   * lowered-text recheck is cheap). A needle found in a large
   * share of the prompts its other filters allow finds its page by
   * scanning in page order instead: a common word then costs about a
   * hundred prompts tested, not tens of thousands of matches read and
   * sorted. Candidate counts are cached, so choosing is cheap. On
   * PostgreSQL a word whose kept total already shows it that common reads
   * no match at all (keptWalkPlan), which is asked first.
   */
  const searchPlan = async (filter: read.PromptFilter, sort: SortOption): Promise<SearchPlan> => {
    if (!filter.q || filter.likedBy !== undefined) return { total: await countMatches(filter), searchStrategy: 'index' };
    const candidates = await countMatches({ ...filter, q: undefined });
    const listLimit = matchListLimit(candidates);
    const plan = (await keptWalkPlan(filter, candidates)) ?? (await matchListPlan(filter, filter.q, sort, candidates, listLimit));
    if (sort !== 'relevance') return plan;
    // The best-match order's tiers each test the titles (relevance.ts): read their matches once too.
    const text = filter.q;
    const limit = titleListLimit(dialect, candidates, listLimit);
    const titleMatches = await keptIdList(
      caches,
      cacheKeys.titleMatches(text, limit),
      () => readTitleMatches(database.longReads, dialect, text, { all: limit, wholeWord: limit }),
      titleMatchCount,
    );
    return { ...plan, titleMatches: withWalkOrder(dialect, titleMatches, candidates) };
  };

  /**
   * A search's plan from its match list (read.findMatches), or, when it is
   * common, from what is known of its total without one (commonSearchPlan).
   */
  const matchListPlan = async (
    filter: read.PromptFilter,
    text: string,
    sort: SortOption,
    candidates: number,
    listLimit: number,
  ): Promise<SearchPlan> => {
    const lookup: MatchLookup = {
      text,
      limit: listLimit,
      countTo: read.isSearchOnly(filter) ? read.matchCountReach(listLimit) : listLimit,
    };
    const found = await matchListOf(lookup);
    const { list } = found;
    if (!list) return commonSearchPlan(filter, candidates * SCAN_SEARCH_SHARE, lookup, found);
    return {
      total: await countMatches(filter, list),
      searchStrategy: { ...list, walkOrder: walkOrderFor(dialect, list.matches.length, candidates, walkReads(sort, filter)) },
    };
  };

  /**
   * A search whose exact total the kept word counts give cheaply
   * (keptWordCountReadingFew: a word on PostgreSQL, no other filter),
   * found in so many prompts that walking its order finds the page sooner
   * than reading every match into a list would (keptTotalWalkedFrom): the
   * page walks ('scan') and carries that total, and no match is read. A
   * total already counted is used as it is. Undefined otherwise, and the
   * match list decides, as before. The bound assumes the web app's page
   * size whatever the request asks: an API page of 100 walks about twice as
   * far.
   */
  const keptWalkPlan = async (filter: read.PromptFilter, candidates: number): Promise<SearchPlan | undefined> => {
    const text = read.keptWordOf(dialect, filter);
    // One or two characters have kept counts of their own (decision 0015) and no match list to spare.
    if (text === undefined || [...text].length < TRIGRAM_MIN_LENGTH) return undefined;
    // Kept under a key of its own, the answer "none" too, and never written over the list's total: a read that a
    // write overtakes is then dropped by the cache (read-cache.ts), not kept as the total beside a fresh list.
    const total =
      knownTotal(filter) ??
      (await caches.catalog.get(cacheKeys.keptWordFew(text), () => keptWordCountReadingFew(database.longReads, text)));
    return total !== undefined && total > 0 && total >= keptTotalWalkedFrom(candidates) ? { total, searchStrategy: 'scan' } : undefined;
  };

  /**
   * The search's match list (read.findMatches) as the catalog last left it:
   * which prompts contain a text changes only when one is added, hidden or
   * shown, not with each like or copy, which empty the page cache. Kept when
   * the text is common (no list: at 100k prompts on PostgreSQL, "plan" read
   * 2,500 matches in 11 ms after every like, only to find it common; with
   * no other filter it counts on past the limit, read.matchCountReach, and
   * reads more), and a list as keptIdList allows.
   */
  const matchListOf = ({ text, limit, countTo }: MatchLookup) =>
    keptIdList(
      caches,
      cacheKeys.searchMatches(text, limit, countTo),
      () => read.findMatches(database.longReads, dialect, text, limit, countTo),
      ({ list }) => list?.matches.length ?? 0,
    );

  /**
   * A search with no match list: found in at least a list's worth of
   * prompts, or too short for the index. Counting its matches costs more
   * than its page (at 100k prompts, "with": the total 25-40 ms, a page
   * walked in order 1-3 ms; at a million, ten times the total and the same
   * page), so the page does not wait for it: the total is sent only when
   * already known (counted since the catalog last changed), counted by the
   * statement that found the needle common (`found`: countedTotal), or
   * kept with the writes (keptTotal), and otherwise follows from `count`.
   * Walking in page order finds the page of a common needle soonest; a
   * short one is not in the index either way.
   */
  const commonSearchPlan = async (
    filter: read.PromptFilter,
    scanFrom: number,
    lookup: MatchLookup,
    found: read.IndexMatches,
  ): Promise<SearchPlan> => {
    const total = knownTotal(filter) ?? (await countedTotal(lookup, found)) ?? (await keptTotal(filter));
    return { total, searchStrategy: total === undefined || (total > 0 && total >= scanFrom) ? 'scan' : 'index' };
  };

  /**
   * A search's total that counts kept with the writes answer in a few rows
   * (read.keptSearchCount: one or two characters, and on PostgreSQL a word),
   * or undefined when they do not answer it; either answer cached under a
   * key of its own until the catalog changes. Read inside the cache's get,
   * so a read that a write overtakes is dropped with the entry the write
   * clears: read first and stored after, as the list's total, it outlived
   * the clear, and showed a total one write out of date until the next write
   * or the entry's expiry. Read where searches are: a word's other words may still
   * be counted from the index ("plan" at 1,000,000 prompts: about 190 ms),
   * which must not hold a connection likes and health checks need.
   */
  const keptTotal = (filter: read.PromptFilter): Promise<number | undefined> =>
    caches.catalog.get(cacheKeys.keptTotal(keyParts(filter)), () => read.keptSearchCount(readerFor(filter), dialect, filter));

  /**
   * A common search's total from the matches its list's statement counted
   * on past the list's limit (`found`: read.findMatches, asked to count only
   * for a search with no other filter, whose matches counted are its
   * total's), less the hidden ones among them; cached like any list total,
   * so a count request reads nothing. Only while the catalog still holds
   * `found`: counted before a write that emptied the catalog, it could be
   * one short, and kept as the new total.
   */
  const countedTotal = async (lookup: MatchLookup, found: read.IndexMatches): Promise<number | undefined> => {
    const { text, limit, countTo } = lookup;
    const { matchCount } = found;
    if (matchCount === undefined) return undefined;
    if (caches.catalog.peek(cacheKeys.searchMatches(text, limit, countTo))?.value !== found) return undefined;
    return caches.catalog.get(
      cacheKeys.listTotal(keyParts({ q: text })),
      async () => matchCount - (await read.hiddenMatchCount(database.longReads, dialect, text)),
    );
  };

  /** A list total the catalog cache already holds (countMatches), without counting. */
  const knownTotal = (filter: read.PromptFilter): number | undefined =>
    caches.catalog.peek<number>(cacheKeys.listTotal(keyParts(filter)))?.value;

  /**
   * Whether every tag of the filter is on at least TAG_WALK_SHARE of the
   * library, so a page walks the sort's index (PageRequest.walkTags). Each
   * tag's total is a kept count, cached like any list total.
   */
  const tagsAreCommon = async (filter: read.PromptFilter): Promise<boolean> => {
    const tags = filter.tags ?? [];
    if (dialect !== 'sqlite' || tags.length === 0) return false;
    const [visible, ...tagTotals] = await Promise.all([countMatches({}), ...tags.map((tag) => countMatches({ tags: [tag] }))]);
    return Math.min(...tagTotals) >= (visible ?? 0) * TAG_WALK_SHARE;
  };

  const readPage = async (
    filter: read.PromptFilter,
    sort: SortOption,
    query: ListQuery,
    limit: number,
    reader?: string,
  ): Promise<PromptPage> => {
    const after = query.cursor ? decodeCursor(sort, query.cursor) : undefined;
    const { total, searchStrategy, titleMatches } = await searchPlan(filter, sort);
    const walkTags = await tagsAreCommon(filter);
    // One row more than asked tells whether another page follows.
    const rows = await read.listPrompts(
      readerFor(filter),
      dialect,
      filter,
      { sort, limit: limit + 1, after, searchStrategy, titleMatches, walkTags },
      reader,
    );
    const pageRows = rows.slice(0, limit);
    const last = pageRows.at(-1);
    const nextCursor = rows.length > limit && last ? encodeCursor(sort, read.cursorAfter(sort, last)) : undefined;
    return { prompts: pageRows.map(toPrompt), total, nextCursor };
  };

  /**
   * The unpaged list for a key, with a hold taken for the caller. The cache
   * lets go of a list a turn after dropping it, so a list handed over is
   * open; should one be closed all the same, the cache is asked again, a
   * turn later, a few times at most.
   */
  const heldFullList = async (key: string, build: () => Promise<FullList>): Promise<FullList> => {
    for (let attempt = 1; ; attempt += 1) {
      const list = await caches.fullLists.get(key, build);
      if (list.file.retain()) return list;
      if (attempt === FULL_LIST_ATTEMPTS) throw new Error(`The unpaged list ${key} was closed each of ${attempt} times it was handed over`);
      await nextTurn();
    }
  };

  return {
    /**
     * The unpaged list (GET /api/prompts without `limit`, not liked-only) as
     * shared JSON in a spool file, built once per write at most
     * (full-list.ts), held for the caller, who must give the hold back; and,
     * for a visitor who likes prompts, the patch that sets their `liked` flags.
     */
    async fullList(query: ListQuery, userId: string | undefined): Promise<{ list: FullList; patchPiece?: PiecePatch }> {
      const sort = sortOf(query);
      const filter = filterOf(query, userId);
      const key = cacheKeys.fullList(keyParts(filter), sort);
      const list = await heldFullList(key, () => buildFullList(database, filter, sort));
      if (userId === undefined) return { list };
      try {
        const likedIds = await visitorLikes.all(userId);
        return likedIds.size === 0 ? { list } : { list, patchPiece: likedFlagsPatch(likedIds) };
      } catch (error) {
        list.file.release();
        throw error;
      }
    },

    /** How many prompts are visible (cached like any list total). */
    countVisible: () => countMatches({}),

    /**
     * Whether a search text finds any visible prompt (read.anyVisibleMatch:
     * on PostgreSQL a word's kept counts, else a sample of its index
     * matches), or its total (cached like any list total) when they cannot
     * tell. "Did you mean" asks it twice per typo; a common word's exact
     * total cost 25-40 ms at 100k prompts.
     */
    hasMatches: async (text: string): Promise<boolean> => {
      const sampled = text ? await read.anyVisibleMatch(database.longReads, dialect, text, hiddenKeys) : undefined;
      return sampled ?? (await countMatches({ q: text || undefined })) > 0;
    },

    async list(query: ListQuery, userId: string | undefined): Promise<PromptPage> {
      const sort = sortOf(query);
      const filter = filterOf(query, userId);
      if (query.limit === undefined) {
        const rows = await read.listPrompts(db, dialect, filter, { sort }, userId);
        return { prompts: rows.map(toPrompt) };
      }
      const limit = query.limit;
      if (filter.likedBy !== undefined) return readPage(filter, sort, query, limit, userId);
      /*
       * Any other page, browsing or searching, is the same for every visitor
       * but for `liked`: it is cached (and the route encodes it once, see
       * http/shared-json.ts) until the next write of any kind (its counters
       * move with every like, copy and comment).
       */
      const key = cacheKeys.listPage(keyParts(filter), { sort, limit, cursor: query.cursor });
      const shared = await caches.activity.get(key, () => readPage(filter, sort, query, limit));
      // A page kept before its total was counted (by `count`) sends the total once it is known.
      const page = shared.total === undefined ? { ...shared, total: knownTotal(filter) } : shared;
      const prompts = await visitorLikes.flag(page.prompts, userId);
      return prompts === page.prompts ? page : { ...page, prompts };
    },

    /**
     * GET /api/prompts/count: how many prompts the list's filters match, the
     * total a page leaves out when counting costs more than the page
     * (commonSearchPlan). Counted once per catalog change, like any total.
     */
    count: (query: CountQuery, userId: string | undefined): Promise<number> => countMatches(filterOf(query, userId)),
  };
}

/** The list's filters, as the list and its count read them. */
function filterOf(query: CountQuery, userId: string | undefined): read.PromptFilter {
  return {
    q: searchTextOf(query.q) || undefined,
    category: query.category,
    model: query.model,
    tags: query.tags,
    // liked=true without a user id matches nothing: no one has liked anything.
    likedBy: query.liked === 'true' ? (userId ?? '') : undefined,
  };
}

/** The list's order: the visitor's, or newest first; the best-match order only for a search. */
function sortOf(query: ListQuery): SortOption {
  if (query.sort === 'relevance' && !searchTextOf(query.q)) {
    throw badRequest(ERROR_CODES.validation, 'sort=relevance orders a search: give q too', {
      sort: 'sort=relevance needs a search text (q)',
    });
  }
  return query.sort ?? DEFAULT_SORT;
}

function keyParts(filter: read.PromptFilter): ListKeyParts {
  return { text: filter.q ?? '', category: filter.category, model: filter.model, tags: filter.tags ?? [] };
}
