import { ERROR_CODES } from '@prompt-vault/shared/errors';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { ListQuery, Prompt, PromptInput, SortOption } from '@prompt-vault/shared/schemas';
import type { Kysely } from 'kysely';
import type { AppCaches } from '../cache/read-cache';
import type { Dialect } from '../db/connect';
import { ID_SHAPE, newId, nowIso } from '../db/ids';
import type { Database } from '../db/schema';
import { AppError, notFound } from '../http/app-error';
import { isHoneypotFilled } from '../http/honeypot';
import { decodeCursor, encodeCursor } from './cursor';
import { duplicateKey } from '../db/duplicate-key';
import * as repository from './repository';
import type { SearchStrategy } from './search';

/** The order a list has when the visitor picked none: newest first. */
export const DEFAULT_SORT: SortOption = 'newest';

type PromptRecord = NonNullable<Awaited<ReturnType<typeof repository.findPromptById>>>;

export function toPrompt(row: PromptRecord): Prompt {
  return {
    _id: row.id,
    title: row.title,
    prompt: row.prompt,
    category: row.category,
    model: row.model,
    likes: Number(row.like_count),
    liked: Boolean(row.liked),
    copyCount: Number(row.copy_count),
    commentCount: Number(row.comment_count),
    createdAt: row.created_at,
  };
}

export interface PromptPage {
  readonly prompts: Prompt[];
  /** Present only for a paged request. */
  readonly total?: number;
  readonly nextCursor?: string;
}

/**
 * The share of candidates from which a search scans for its page. Measured
 * at 100k prompts, the two ways cost the same at about 3% of matches on
 * SQLite (3 to 4 ms) and 2% on PostgreSQL; at 2.5% a scan tests about
 * limit / 0.025 = 2,000 prompts.
 */
const SCAN_SEARCH_SHARE = 0.025;

/** A visitor with more likes than this has them looked up per page instead of kept. */
export const MAX_KEPT_LIKES = 100;

export interface PromptsService {
  list(query: ListQuery, userId: string | undefined): Promise<PromptPage>;
  get(id: string, userId: string | undefined): Promise<Prompt>;
  /** A visible prompt, or undefined (for pages, where a missing prompt is not an error). */
  find(id: string): Promise<Prompt | undefined>;
  create(input: PromptInput): Promise<Prompt>;
  like(id: string, userId: string, liked: boolean): Promise<{ likes: number; liked: boolean }>;
  copy(id: string, userId: string): Promise<{ copyCount: number }>;
}

export function createPromptsService(db: Kysely<Database>, dialect: Dialect, caches: AppCaches): PromptsService {
  /**
   * The total behind X-Total-Count. Unless liked-only (which depends on the
   * visitor), it depends on the catalog alone: it is cached until a prompt
   * is added or hidden, so likes and copies do not recount it. Counting 100k
   * index entries, or every trigram match of a common word, on each page
   * request would cost more than the page itself.
   */
  const countMatches = (filter: repository.PromptFilter): Promise<number> => {
    if (filter.likedBy !== undefined) return repository.countPrompts(db, dialect, filter);
    const key = `count:${JSON.stringify([repository.searchText(filter), filter.category ?? null, filter.model ?? null])}`;
    return caches.catalog.get(key, () => repository.countPrompts(db, dialect, filter));
  };

  /**
   * A search matching a large share of the prompts its other filters allow
   * finds its page by scanning in page order (search.ts): a common word then
   * costs about a hundred prompts tested instead of tens of thousands of
   * matches read and sorted. Both counts are cached, so choosing is cheap.
   */
  const searchStrategyFor = async (filter: repository.PromptFilter, matches: number): Promise<SearchStrategy> => {
    if (repository.searchText(filter) === null || filter.likedBy !== undefined || matches === 0) return 'index';
    const candidates = await countMatches({ ...filter, q: undefined });
    return matches >= candidates * SCAN_SEARCH_SHARE ? 'scan' : 'index';
  };

  /**
   * Which of a page's prompts the visitor likes. A visitor's likes are read
   * once and kept (see AppCaches) rather than looked up for every page: that
   * lookup cost more than the rest of a cached page's request.
   */
  const likedAmong = async (userId: string, promptIds: readonly string[]): Promise<Set<string>> => {
    const all = await caches.visitorLikes.get(userId, () => repository.likedPromptIds(db, userId, MAX_KEPT_LIKES));
    if (all === undefined) return repository.likedAmong(db, userId, promptIds);
    return new Set(promptIds.filter((id) => all.has(id)));
  };

  return {
    async list(query, userId) {
      const sort = query.sort ?? DEFAULT_SORT;
      const filter: repository.PromptFilter = {
        q: query.q,
        category: query.category,
        model: query.model,
        // liked=true without a user id matches nothing: no one has liked anything.
        likedBy: query.liked === 'true' ? (userId ?? '') : undefined,
      };
      if (query.limit === undefined) {
        const rows = await repository.listPrompts(db, dialect, filter, { sort }, userId);
        return { prompts: rows.map(toPrompt) };
      }
      const after = query.cursor ? decodeCursor(sort, query.cursor) : undefined;
      const limit = query.limit;
      const readPage = async (reader: string | undefined): Promise<PromptPage> => {
        const total = await countMatches(filter);
        const searchStrategy = await searchStrategyFor(filter, total);
        // One row more than asked tells whether another page follows.
        const rows = await repository.listPrompts(db, dialect, filter, { sort, limit: limit + 1, after, searchStrategy }, reader);
        const pageRows = rows.slice(0, limit);
        const last = pageRows.at(-1);
        const nextCursor =
          rows.length > limit && last ? encodeCursor(sort, { value: last[repository.sortColumn(sort)], id: last.id }) : undefined;
        return { prompts: pageRows.map(toPrompt), total, nextCursor };
      };
      if (filter.likedBy !== undefined) return readPage(userId);
      /*
       * Any other page, browsing or searching, is the same for every visitor
       * but for `liked`: it is cached (and the route encodes it once, see
       * http/shared-json.ts) until the next write of any kind (its counters
       * move with every like, copy and note). Each visitor's liked flags
       * come from their kept likes.
       */
      const key = `page:${JSON.stringify([sort, repository.searchText(filter), filter.category ?? null, filter.model ?? null, limit, query.cursor ?? null])}`;
      const page = await caches.activity.get(key, () => readPage(undefined));
      if (userId === undefined || page.prompts.length === 0) return page;
      const liked = await likedAmong(
        userId,
        page.prompts.map((prompt) => prompt._id),
      );
      // The visitor liked none of them: the shared page is exactly this visitor's answer.
      if (liked.size === 0) return page;
      return { ...page, prompts: page.prompts.map((prompt) => ({ ...prompt, liked: liked.has(prompt._id) })) };
    },

    async get(id, userId) {
      const row = await repository.findPromptById(db, id, userId);
      if (!row) throw notFound('Prompt');
      return toPrompt(row);
    },

    async find(id) {
      if (!ID_SHAPE.test(id)) return undefined;
      const row = await repository.findPromptById(db, id, undefined);
      return row ? toPrompt(row) : undefined;
    },

    async create(input) {
      const id = newId();
      const { title, prompt, category, model } = input;
      const createdAt = nowIso();
      if (isHoneypotFilled(input)) {
        // Looks like any new prompt, but nothing is stored.
        return { _id: id, title, prompt, category, model, likes: 0, liked: false, copyCount: 0, commentCount: 0, createdAt };
      }
      const result = await repository.insertPrompt(db, {
        id,
        title,
        prompt,
        category,
        model,
        created_at: createdAt,
        duplicate_key: duplicateKey(title, prompt),
      });
      if (!result.inserted) {
        // A hidden original is still a duplicate (re-posting removed spam is refused), but has no page to link to.
        const link = result.existing.status === 'visible' ? `/prompts/${result.existing.id}` : undefined;
        throw new AppError(409, ERROR_CODES.duplicate, MESSAGES.duplicatePrompt, undefined, link);
      }
      caches.catalog.invalidate();
      caches.activity.invalidate();
      return this.get(id, undefined);
    },

    async like(id, userId, liked) {
      const result = await repository.setLike(db, dialect, id, userId, liked, nowIso());
      caches.activity.invalidateAllowingStale();
      caches.visitorLikes.forget(userId);
      if (!result) throw notFound('Prompt');
      return { likes: result.likeCount, liked };
    },

    async copy(id, userId) {
      const result = await repository.recordCopy(db, id, userId, nowIso());
      caches.activity.invalidateAllowingStale();
      if (!result) throw notFound('Prompt');
      return result;
    },
  };
}
