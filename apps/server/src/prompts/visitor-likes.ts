import type { Prompt } from '@prompt-vault/shared/schemas';
import type { Kysely } from 'kysely';
import type { AppCaches } from '../cache/app-caches';
import type { Database } from '../db/schema';
import * as reactions from './reactions-repository';

/** A visitor with more likes than this has them looked up per page instead of kept. */
export const MAX_KEPT_LIKES = 100;

/**
 * The `liked` flags of a shared list page, for one visitor. A visitor's likes
 * are read once and kept (see AppCaches) rather than looked up for every
 * page: that lookup cost more than the rest of a cached page's request.
 */
export function createVisitorLikes(db: Kysely<Database>, caches: AppCaches) {
  const likedAmong = async (userId: string, promptIds: readonly string[]): Promise<Set<string>> => {
    const all = await caches.visitorLikes.get(userId, () => reactions.likedPromptIds(db, userId, MAX_KEPT_LIKES));
    if (all === undefined) return reactions.likedAmong(db, userId, promptIds);
    return new Set(promptIds.filter((id) => all.has(id)));
  };

  return {
    /** Every prompt the visitor likes (kept ones from memory). */
    async all(userId: string): Promise<ReadonlySet<string>> {
      const kept = await caches.visitorLikes.get(userId, () => reactions.likedPromptIds(db, userId, MAX_KEPT_LIKES));
      return kept ?? reactions.allLikedPromptIds(db, userId);
    },

    /**
     * The prompts with `liked` set for this visitor. When the visitor liked
     * none of them, the same array comes back: the shared page is exactly
     * this visitor's answer, and its encoded JSON can be reused.
     */
    async flag(prompts: Prompt[], userId: string | undefined): Promise<Prompt[]> {
      if (userId === undefined || prompts.length === 0) return prompts;
      const liked = await likedAmong(
        userId,
        prompts.map((prompt) => prompt._id),
      );
      if (liked.size === 0) return prompts;
      return prompts.map((prompt) => ({ ...prompt, liked: liked.has(prompt._id) }));
    },
  };
}
