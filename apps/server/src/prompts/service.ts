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
import { duplicateKey } from './duplicate-key';
import * as repository from './repository';

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
   * The total behind X-Total-Count. Without search text or liked-only it
   * depends on the catalog alone, and counting 100k index entries on every
   * page request would cost more than the page itself, so it is cached.
   */
  const countMatches = (filter: repository.PromptFilter): Promise<number> => {
    if (filter.q?.trim() || filter.likedBy !== undefined) return repository.countPrompts(db, dialect, filter);
    const key = `count:${JSON.stringify([filter.category ?? null, filter.model ?? null])}`;
    return caches.catalog.get(key, () => repository.countPrompts(db, dialect, filter));
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
        // One row more than asked tells whether another page follows.
        const [rows, total] = await Promise.all([
          repository.listPrompts(db, dialect, filter, { sort, limit: limit + 1, after }, reader),
          countMatches(filter),
        ]);
        const pageRows = rows.slice(0, limit);
        const last = pageRows.at(-1);
        const nextCursor =
          rows.length > limit && last
            ? encodeCursor(sort, { value: last[repository.sortColumn(sort)], id: last.id })
            : undefined;
        return { prompts: pageRows.map(toPrompt), total, nextCursor };
      };
      if (filter.q?.trim() || filter.likedBy !== undefined) return readPage(userId);
      /*
       * Browsing pages (no search text, not liked-only) are the same for
       * every visitor but for `liked`: the page is cached until the next
       * write of any kind (its counters move with every like, copy and note),
       * and each visitor's liked flags are one indexed lookup over its ids.
       * Searches are not cached: each runs on the trigram index.
       */
      const key = `page:${JSON.stringify([sort, filter.category ?? null, filter.model ?? null, limit, query.cursor ?? null])}`;
      const page = await caches.activity.get(key, () => readPage(undefined));
      if (userId === undefined || page.prompts.length === 0) return page;
      const liked = await repository.likedAmong(db, userId, page.prompts.map((prompt) => prompt._id));
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
      caches.activity.invalidate();
      if (!result) throw notFound('Prompt');
      return { likes: result.likeCount, liked };
    },

    async copy(id, userId) {
      const result = await repository.recordCopy(db, id, userId, nowIso());
      caches.activity.invalidate();
      if (!result) throw notFound('Prompt');
      return result;
    },
  };
}
