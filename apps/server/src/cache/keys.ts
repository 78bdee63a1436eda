/**
 * Every read cache key, built in one place so two readers of the same answer
 * cannot spell its key differently (a miss) and two different answers cannot
 * share one (a wrong page). Keys are JSON arrays of the values the answer
 * depends on, prefixed by what the answer is.
 */

/** The filters a shared answer of the list depends on (the visitor's own `liked` never is). */
export interface ListKeyParts {
  /** Normalised by searchTextOf: '' for no search. */
  readonly text: string;
  readonly category?: string;
  readonly model?: string;
  /** Normalised tags (packages/shared/src/tags.ts), in any order: the key sorts them, as the filter's meaning does not depend on it. */
  readonly tags: readonly string[];
}

const listParts = (parts: ListKeyParts) => [parts.text, parts.category ?? null, parts.model ?? null, [...new Set(parts.tags)].sort()];

export const cacheKeys = {
  facets: 'facets',
  /** Analytics change their window at midnight (UTC), so the day is part of the key. */
  analytics: (today: string) => `analytics:${today}`,
  /** The exact number of prompts matching a filter (X-Total-Count). */
  listTotal: (parts: ListKeyParts) => `count:${JSON.stringify(listParts(parts))}`,
  /** The keys of the hidden prompts, as match lists name them (prompts/read-repository.ts hiddenPromptKeys). */
  hiddenPrompts: 'hidden-prompts',
  /**
   * What the indexes found for the search text with `limit` and `countTo` (prompts/read-repository.ts
   * findMatches): the prompts, of any status, whose title or text contains it when fewer than `limit`, else
   * how many when fewer than `countTo`.
   */
  searchMatches: (text: string, limit: number, countTo: number) => `matches:${JSON.stringify([text, limit, countTo])}`,
  /** A search's total from the counts kept with the writes (prompts/read-repository.ts keptSearchCount), or none. */
  keptTotal: (parts: ListKeyParts) => `kept-total:${JSON.stringify(listParts(parts))}`,
  /**
   * A word's total from the kept word counts when they answer it reading few prompts (prompts/word-search.ts
   * keptWordCountReadingFew), or none: what a PostgreSQL search's plan asks before it reads any match.
   */
  keptWordFew: (text: string) => `kept-word-few:${JSON.stringify(text)}`,
  /** Up to `limit` of a search's title matches, of any status, for the best-match order (prompts/relevance.ts). */
  titleMatches: (text: string, limit: number) => `titles:${JSON.stringify([text, limit])}`,
  /** One page of the list, shared by every visitor. */
  listPage: (parts: ListKeyParts, page: { readonly sort: string; readonly limit: number; readonly cursor?: string }) =>
    `page:${JSON.stringify([page.sort, ...listParts(parts), page.limit, page.cursor ?? null])}`,
  /** A prompt's related prompts (prompts/related.ts), for no visitor in particular. */
  related: (promptId: string) => `related:${JSON.stringify(promptId)}`,
  /** What a prompt's related prompts are looked for with (its words, the counts of its tags and title words). */
  relatedPlan: (promptId: string) => `related-plan:${JSON.stringify(promptId)}`,
  /** The unpaged list's JSON (for no visitor in particular). */
  fullList: (parts: ListKeyParts, sort: string) => `full:${JSON.stringify([sort, ...listParts(parts)])}`,
} as const;
