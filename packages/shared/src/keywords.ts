import { KEYWORD_COUNT, KEYWORD_MIN_LENGTH, KEYWORD_STOP_WORDS } from './limits';

/**
 * The spec's Popular Keywords: the most frequent words of the prompt titles,
 * lower-cased, longer than 3 characters and not a stop word. Ties are broken
 * alphabetically so the row is stable between loads.
 */
export function popularKeywords(titles: Iterable<string>, count: number = KEYWORD_COUNT): string[] {
  const frequency = new Map<string, number>();
  for (const title of titles) {
    for (const word of titleWords(title)) {
      frequency.set(word, (frequency.get(word) ?? 0) + 1);
    }
  }
  return rankKeywords(frequency, count);
}

/**
 * The `count` most frequent words of `frequency` (word, occurrences), ties
 * alphabetical. The server ranks its kept word counts with this too, so both
 * ways of counting give the same row.
 */
export function rankKeywords(frequency: Iterable<readonly [string, number]>, count: number = KEYWORD_COUNT): string[] {
  return [...frequency]
    .filter(([, uses]) => uses > 0)
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .slice(0, count)
    .map(([word]) => word);
}

/** The words of one title that may become keywords. */
export function titleWords(title: string): string[] {
  return title
    .toLowerCase()
    .split(/[^\p{L}\p{N}'-]+/u)
    .map((word) => word.replace(/^['-]+|['-]+$/g, ''))
    .filter((word) => Array.from(word).length >= KEYWORD_MIN_LENGTH && !KEYWORD_STOP_WORDS.has(word));
}
