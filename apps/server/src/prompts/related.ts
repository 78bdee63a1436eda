import { titleWords } from '@prompt-vault/shared/keywords';
import { RELATED_PROMPTS_LIMIT } from '@prompt-vault/shared/limits';
import type { Prompt } from '@prompt-vault/shared/schemas';
import type { AppCaches } from '../cache/app-caches';
import { cacheKeys } from '../cache/keys';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import { notFound } from '../http/app-error';
import * as read from './read-repository';
import { findCandidates, signalCounts } from './related-repository';
import { type CandidateSource, type RelatedTarget, chooseSources, rankRelated } from './related-score';
import { toPrompt } from './to-prompt';
import type { createVisitorLikes } from './visitor-likes';

/**
 * Candidates read from each source (related-score.ts): enough that the six
 * best of every kind of signal are among them, few enough that scoring them
 * all costs well under a millisecond.
 */
const CANDIDATES_PER_SOURCE = 20;

/** What ranking a prompt's related prompts needs of the prompt itself: its text and where to look for candidates. */
interface RelatedPlan {
  readonly target: RelatedTarget;
  readonly sources: CandidateSource[];
  /** Visible prompts in the library: how each source's candidates are best read (related-repository.ts). */
  readonly visible: number;
}

/**
 * The prompt's words and the counts of its tags and title words, and the
 * sources they choose (related-score.ts). Only the catalog changes them (a
 * prompt added, hidden or shown). An unknown or hidden prompt is a 404,
 * thrown so that the caches keep nothing for it: ids nobody has are many.
 */
async function relatedPlan(db: Kysely<Database>, id: string): Promise<RelatedPlan> {
  const row = await read.findPromptById(db, id, undefined);
  if (!row) throw notFound('Prompt');
  const prompt = toPrompt(row);
  const words = [...new Set(titleWords(prompt.title))];
  const counts = await signalCounts(db, prompt.tags, words);
  return {
    target: { ...candidateText(prompt), titleWordUses: counts.titleWordUses },
    sources: chooseSources(prompt.category, counts.tags, counts.titleWordUses, counts.titleWordReads),
    visible: counts.visible,
  };
}

/**
 * GET /api/prompts/:id/related: up to RELATED_PROMPTS_LIMIT visible prompts
 * ranked by related-score.ts over candidates the database chose.
 */
async function findRelated(database: DatabaseHandle, plan: RelatedPlan): Promise<Prompt[]> {
  // The candidates' read may take a few milliseconds (hundreds of index entries sorted by likes): off the event loop.
  const rows = await findCandidates(
    database.longReads,
    database.dialect,
    plan.target.id,
    plan.sources,
    CANDIDATES_PER_SOURCE,
    plan.visible,
  );
  const candidates = rows.map(toPrompt).map((prompt) => ({ ...candidateText(prompt), prompt }));
  return rankRelated(plan.target, candidates, RELATED_PROMPTS_LIMIT).map(({ candidate }) => candidate.prompt);
}

function candidateText(prompt: Prompt) {
  return { id: prompt._id, title: prompt.title, text: prompt.prompt, category: prompt.category, tags: prompt.tags, likes: prompt.likes };
}

export function createRelated(database: DatabaseHandle, caches: AppCaches, visitorLikes: ReturnType<typeof createVisitorLikes>) {
  return {
    /**
     * The related prompts with this visitor's `liked` flags; a 404 for an
     * unknown or hidden prompt. The shared answer is cached like a list page
     * (activity cache): its cards' counts and its ties change with every
     * like and copy, its choice with every prompt added or hidden, and both
     * kinds of write drop that cache; the plan, in the catalog cache, only
     * the latter.
     */
    async related(id: string, userId: string | undefined): Promise<Prompt[]> {
      const shared = await caches.activity.get(cacheKeys.related(id), async () => {
        // The plan outlives the likes that drop the answer: a stream of likes re-reads only the candidates.
        const plan = await caches.catalog.get(cacheKeys.relatedPlan(id), () => relatedPlan(database.db, id));
        return findRelated(database, plan);
      });
      return visitorLikes.flag(shared, userId);
    },
  };
}
