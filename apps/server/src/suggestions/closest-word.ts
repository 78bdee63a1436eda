/**
 * The library's own words (title words, category and model names) indexed
 * by trigram, so "did you mean" finds the nearest known word to a typo
 * without comparing it with every word.
 */

/** A word of the vocabulary and how many visible prompts use it. */
export interface VocabularyEntry {
  readonly word: string;
  readonly uses: number;
}

/**
 * Edits allowed between a typed word and a suggestion, by the shorter one's
 * length in characters: one for short words ("emial" is one swap from
 * "email"), more for long ones, where two slips are common. Counting the
 * shorter keeps a long typo from turning into a short unrelated word
 * ("promt" is two edits from "pro", which is only three letters).
 */
export function allowedEdits(length: number): number {
  if (length <= 4) return 1;
  if (length <= 8) return 2;
  return 3;
}

/**
 * Optimal string alignment distance: insertions, deletions, substitutions
 * and swaps of two neighbouring characters each count one. Stops early and
 * returns `limit + 1` once every alignment costs more than `limit`.
 */
export function editDistance(a: readonly string[], b: readonly string[], limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      let cost = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cost = Math.min(cost, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(cost);
      rowMinimum = Math.min(rowMinimum, cost);
    }
    if (rowMinimum > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** The word's trigrams with a space on each side, so its first and last letters count too. */
function paddedTrigrams(characters: readonly string[]): Set<string> {
  const padded = [' ', ...characters, ' '];
  const trigrams = new Set<string>();
  for (let index = 0; index + 3 <= padded.length; index += 1) trigrams.add(padded.slice(index, index + 3).join(''));
  return trigrams;
}

export class Vocabulary {
  private readonly uses = new Map<string, number>();
  private readonly byTrigram = new Map<string, string[]>();

  constructor(entries: Iterable<VocabularyEntry>) {
    for (const { word, uses } of entries) {
      if (uses <= 0) continue;
      const known = this.uses.get(word);
      this.uses.set(word, (known ?? 0) + uses);
      if (known !== undefined) continue;
      for (const trigram of paddedTrigrams([...word])) {
        const words = this.byTrigram.get(trigram);
        if (words) words.push(word);
        else this.byTrigram.set(trigram, [word]);
      }
    }
  }

  has(word: string): boolean {
    return this.uses.has(word);
  }

  /**
   * The known word fewest edits from `word` (allowedEdits), the most used of
   * equally near ones, then the first alphabetically; undefined when none is
   * near enough. Only words sharing a trigram with `word` are compared.
   */
  closest(word: string): string | undefined {
    const characters = [...word];
    const candidates = new Set<string>();
    for (const trigram of paddedTrigrams(characters)) for (const known of this.byTrigram.get(trigram) ?? []) candidates.add(known);
    let best: { word: string; edits: number; uses: number } | undefined;
    for (const candidate of candidates) {
      const candidateCharacters = [...candidate];
      const limit = allowedEdits(Math.min(characters.length, candidateCharacters.length));
      const edits = editDistance(characters, candidateCharacters, limit);
      if (edits > limit) continue;
      const uses = this.uses.get(candidate) ?? 0;
      const better =
        !best || edits < best.edits || (edits === best.edits && (uses > best.uses || (uses === best.uses && candidate < best.word)));
      if (better) best = { word: candidate, edits, uses };
    }
    return best?.word;
  }
}
