import { SIMILAR_PROMPTS } from '@prompt-vault/shared/limits';
import type { SimilarInput, SimilarPrompts } from '@prompt-vault/shared/schemas';
import type { DatabaseHandle } from '../db/connect';
import { bandKeys, jaccard, shingles } from './fingerprint';
import { promptsSharingKeys, visiblePromptTexts } from './repository';

/**
 * Rows read per index key: a key shared by more prompts than this (a very
 * common phrasing) contributes only its first ones, keeping a check's cost
 * flat as the library grows. The other keys still find a near copy: it
 * shares most of its keys with the text.
 */
const PROMPTS_PER_KEY = 50;
/** Candidates compared exactly: those sharing the most keys (the estimate of their similarity); hidden ones are dropped before. */
const CANDIDATES = 20;

export type SimilarPrompt = SimilarPrompts['similar'][number];

export interface SimilarService {
  /** Up to SIMILAR_PROMPTS.max visible prompts at least SIMILAR_PROMPTS.threshold similar, most similar first, ties by id. */
  find(input: SimilarInput): Promise<SimilarPrompt[]>;
}

/** Rounded once, so the threshold, the order and the answer all use the number the client sees. */
const rounded = (value: number) => Math.round(value * 1000) / 1000;

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The ids appearing most often, then by id, at most `count`. */
export function mostShared(ids: readonly string[], count: number): string[] {
  const shared = new Map<string, number>();
  for (const id of ids) shared.set(id, (shared.get(id) ?? 0) + 1);
  return [...shared]
    .sort(([a, hitsA], [b, hitsB]) => hitsB - hitsA || byId(a, b))
    .slice(0, count)
    .map(([id]) => id);
}

export function createSimilarService(database: DatabaseHandle): SimilarService {
  return {
    async find({ title, prompt }) {
      const text = shingles(title, prompt);
      const keys = bandKeys(text);
      if (keys.length === 0) return [];
      // Long reads: on SQLite they run on the read threads, never holding up the main connection.
      const candidates = mostShared(await promptsSharingKeys(database.longReads, keys, PROMPTS_PER_KEY), CANDIDATES);
      const stored = await visiblePromptTexts(database.longReads, candidates);
      return stored
        .map((row) => ({ _id: row.id, title: row.title, similarity: rounded(jaccard(text, shingles(row.title, row.prompt))) }))
        .filter((match) => match.similarity >= SIMILAR_PROMPTS.threshold)
        .sort((a, b) => b.similarity - a.similarity || byId(a._id, b._id))
        .slice(0, SIMILAR_PROMPTS.max);
    },
  };
}
