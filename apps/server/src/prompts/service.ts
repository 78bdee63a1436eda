import { ERROR_CODES } from '@prompt-vault/shared/errors';
import { MESSAGES } from '@prompt-vault/shared/messages';
import type { CountQuery, ListQuery, Prompt, PromptInput } from '@prompt-vault/shared/schemas';
import type { LibraryWrites } from '../cache/library-writes';
import type { AppCaches } from '../cache/app-caches';
import type { DatabaseHandle } from '../db/connect';
import { duplicateKey } from '../db/duplicate-key';
import { ID_SHAPE, newId, nowIso } from '../db/ids';
import { AppError, notFound } from '../http/app-error';
import { isHoneypotFilled } from '../http/honeypot';
import { insertPrompt } from './insert-repository';
import type { FullList } from './full-list';
import type { PiecePatch } from '../http/spooled-json';
import { type PromptPage, createListing } from './listing';
import { type CopyEvent, MAX_COPY_BATCH } from './copy-batches';
import { createWriteBatches } from './write-batches';
import { createRelated } from './related';
import { createVisitorLikes } from './visitor-likes';
import * as reactions from './reactions-repository';
import * as read from './read-repository';
import { toTagList } from '../tags/stored-tags';
import { toPrompt } from './to-prompt';

export { DEFAULT_SORT, type PromptPage } from './listing';

/** A visible prompt's id and creation time, for the sitemap. */
export interface PromptStamp {
  readonly id: string;
  readonly createdAt: string;
}

export interface PromptsService {
  list(query: ListQuery, userId: string | undefined): Promise<PromptPage>;
  /** How many prompts the list's filters match: the total a page may leave out (listing.ts). */
  count(query: CountQuery, userId: string | undefined): Promise<number>;
  /** The unpaged list as spooled JSON, held for the caller, and the patch that makes it this visitor's (listing.ts). */
  fullList(query: ListQuery, userId: string | undefined): Promise<{ list: FullList; patchPiece?: PiecePatch }>;
  get(id: string, userId: string | undefined): Promise<Prompt>;
  /** Up to 6 visible prompts related to a visible one (related.ts), never itself; 404 for an unknown or hidden id. */
  related(id: string, userId: string | undefined): Promise<Prompt[]>;
  /** How many prompts are visible. */
  countVisible(): Promise<number>;
  /** Whether a search text (normalised by searchTextOf) finds any visible prompt. */
  hasMatches(text: string): Promise<boolean>;
  /** A visible prompt, or undefined (for pages, where a missing prompt is not an error). */
  find(id: string): Promise<Prompt | undefined>;
  /**
   * Ids and creation times of visible prompts, a slice at a time: newest
   * first, or oldest first (the parts of a sitemap index, so that a new
   * prompt only changes the last part).
   */
  stamps(slice: { readonly order: 'newest' | 'oldest'; readonly limit: number; readonly offset?: number }): Promise<PromptStamp[]>;
  create(input: PromptInput): Promise<Prompt>;
  like(id: string, userId: string, liked: boolean): Promise<{ likes: number; liked: boolean }>;
  copy(id: string, userId: string): Promise<{ copyCount: number }>;
}

export function createPromptsService(database: DatabaseHandle, caches: AppCaches, writes: LibraryWrites): PromptsService {
  const { db, dialect } = database;
  const listing = createListing(database, caches);
  const recordCopy = createWriteBatches((copies: readonly CopyEvent[]) => reactions.recordCopies(db, dialect, copies), MAX_COPY_BATCH);
  const setLike = likeWriter(database);
  const related = createRelated(database, caches, createVisitorLikes(db, caches));
  return {
    list: (query, userId) => listing.list(query, userId),
    count: (query, userId) => listing.count(query, userId),
    fullList: (query, userId) => listing.fullList(query, userId),
    countVisible: () => listing.countVisible(),
    hasMatches: (text) => listing.hasMatches(text),

    async get(id, userId) {
      const row = await read.findPromptById(db, id, userId);
      if (!row) throw notFound('Prompt');
      return toPrompt(row);
    },

    related: (id, userId) => related.related(id, userId),

    async find(id) {
      if (!ID_SHAPE.test(id)) return undefined;
      const row = await read.findPromptById(db, id, undefined);
      return row ? toPrompt(row) : undefined;
    },

    async stamps(slice) {
      // Up to 50,000 rows, past an offset of as many per sitemap part before it: a long read, kept off the
      // event loop (SQLite's read threads, PostgreSQL's long-read pool).
      const rows = await read.listPromptStamps(database.longReads, slice);
      return rows.map((row) => ({ id: row.id, createdAt: row.created_at }));
    },

    async create(input) {
      const id = newId();
      const { title, prompt, category, model } = input;
      const tags = input.tags ?? [];
      const createdAt = nowIso();
      if (isHoneypotFilled(input)) {
        // Looks like any new prompt, but nothing is stored.
        return { _id: id, title, prompt, category, model, tags, likes: 0, liked: false, copyCount: 0, commentCount: 0, createdAt };
      }
      const result = await insertPrompt(db, {
        id,
        title,
        prompt,
        category,
        model,
        created_at: createdAt,
        duplicate_key: duplicateKey(title, prompt),
        tag_list: toTagList(tags),
      });
      if (!result.inserted) {
        // A hidden original is still a duplicate (re-posting removed spam is refused), but has no page to link to.
        const link = result.existing.status === 'visible' ? `/prompts/${result.existing.id}` : undefined;
        throw new AppError(409, ERROR_CODES.duplicate, MESSAGES.duplicatePrompt, undefined, link);
      }
      writes.announce({ kind: 'prompt-added' });
      return this.get(id, undefined);
    },

    async like(id, userId, liked) {
      const result = await setLike({ promptId: id, userId, liked, createdAt: nowIso() });
      writes.announce({ kind: 'liked', userId });
      if (!result) throw notFound('Prompt');
      return { likes: result.likeCount, liked };
    },

    async copy(id, userId) {
      const result = await recordCopy({ promptId: id, userId, createdAt: nowIso() });
      writes.announce({ kind: 'copied' });
      if (!result) throw notFound('Prompt');
      return result;
    },
  };
}

/** The most likes in one SQLite transaction, as for copies (MAX_COPY_BATCH): the last like of a batch waits for all the others. */
const MAX_LIKE_BATCH = 500;

/**
 * How likes are written: the likes of one turn of the event loop go as one
 * batch (write-batches.ts) and share one commit, where each used to be a
 * transaction of its own. On SQLite each commit ran on the server's
 * thread; on PostgreSQL each held a pooled connection until its flush, and
 * under 2,000 likes a second every other query waited for a connection.
 */
function likeWriter({ db, dialect }: DatabaseHandle): (change: reactions.LikeChange) => Promise<reactions.LikeOutcome> {
  return createWriteBatches((changes: readonly reactions.LikeChange[]) => reactions.setLikes(db, dialect, changes), MAX_LIKE_BATCH);
}
