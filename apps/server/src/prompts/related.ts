import { titleWords } from '@prompt-vault/shared/keywords';
import { RELATED_PROMPTS_LIMIT } from '@prompt-vault/shared/limits';
import type { Prompt } from '@prompt-vault/shared/schemas';
import type { AppCaches } from '../cache/app-caches';
import { cacheKeys } from '../cache/keys';
import type { DatabaseHandle } from '../db/connect';
import * as read from './read-repository';
import { findCandidates, tagCounts, titleWordUses } from './related-repository';
import { chooseSources, rankRelated } from './related-score';
import { toPrompt } from './to-prompt';
import type { createVisitorLikes } from './visitor-likes';

/**
 * Candidates read from each source (related-score.ts): enough that the six
 * best of every kind of signal are among them, few enough that scoring them
 * all costs well under a millisecond.
 */
const CANDIDATES_PER_SOURCE = 20;

/**
 * GET /api/prompts/:id/related: up to RELATED_PROMPTS_LIMIT visible prompts
 * ranked by related-score.ts over candidates the database chose; null for an
 * unknown or hidden prompt.
 */
async function findRelated(database: DatabaseHandle, id: string): Promise<Prompt[] | null> {
  const { db, dialect } = database;
  const row = await read.findPromptById(db, id, undefined);
  if (!row) return null;
  const target = toPrompt(row);
  const words = [...new Set(titleWords(target.title))];
  const [tags, uses] = await Promise.all([tagCounts(db, target.tags), titleWordUses(db, words)]);
  const sources = chooseSources(target.category, tags, uses);
  // The candidates' read may take a few milliseconds (a thousand rows sorted by likes): off the event loop.
  const rows = await findCandidates(database.longReads, dialect, target._id, sources, CANDIDATES_PER_SOURCE);
  const candidates = rows.map(toPrompt).map((prompt) => ({ ...candidateText(prompt), prompt }));
  const ranked = rankRelated({ ...candidateText(target), titleWordUses: uses }, candidates, RELATED_PROMPTS_LIMIT);
  return ranked.map(({ candidate }) => candidate.prompt);
}

function candidateText(prompt: Prompt) {
  return { id: prompt._id, title: prompt.title, text: prompt.prompt, category: prompt.category, tags: prompt.tags, likes: prompt.likes };
}

export function createRelated(database: DatabaseHandle, caches: AppCaches, visitorLikes: ReturnType<typeof createVisitorLikes>) {
  return {
    /**
     * The related prompts with this visitor's `liked` flags, or null. The
     * shared answer is cached like a list page (activity cache): its cards'
     * counts change with every like and copy, its choice with every prompt
     * added or hidden, and both kinds of write drop that cache.
     */
    async related(id: string, userId: string | undefined): Promise<Prompt[] | null> {
      const shared = await caches.activity.get(cacheKeys.related(id), () => findRelated(database, id));
      return shared && visitorLikes.flag(shared, userId);
    },
  };
}
