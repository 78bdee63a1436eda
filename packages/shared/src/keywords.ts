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

/** What separates words: anything but letters, digits, apostrophes and hyphens. */
const WORD_SEPARATORS = /[^\p{L}\p{N}'-]+/u;
/** Apostrophes and hyphens at a word's ends ("'quoted'", "-dash-"), which are not part of it. */
const EDGE_MARKS = /^['-]+|['-]+$/g;
const APOSTROPHE = 0x27;
const HYPHEN = 0x2d;

/**
 * The words of one title that may become keywords. Related prompts
 * (apps/server/src/prompts/related-score.ts) run this over the texts of
 * forty candidates a request, so the common cases skip the work: the edge
 * marks' pattern runs only on a word starting or ending with one, and code
 * points are counted only when the UTF-16 length alone cannot decide.
 */
export function titleWords(title: string): string[] {
  const words: string[] = [];
  for (const token of title.toLowerCase().split(WORD_SEPARATORS)) {
    const word = hasEdgeMark(token) ? token.replace(EDGE_MARKS, '') : token;
    if (hasKeywordLength(word) && !KEYWORD_STOP_WORDS.has(word)) words.push(word);
  }
  return words;
}

function hasEdgeMark(token: string): boolean {
  const first = token.charCodeAt(0);
  const last = token.charCodeAt(token.length - 1);
  return first === APOSTROPHE || first === HYPHEN || last === APOSTROPHE || last === HYPHEN;
}

/** At least KEYWORD_MIN_LENGTH code points: a letter outside the BMP is two UTF-16 units but one letter. */
function hasKeywordLength(word: string): boolean {
  if (word.length < KEYWORD_MIN_LENGTH) return false;
  if (word.length >= 2 * KEYWORD_MIN_LENGTH) return true;
  let codePoints = 0;
  for (const _ of word) codePoints += 1;
  return codePoints >= KEYWORD_MIN_LENGTH;
}
