/**
 * Word sets kept for the texts seen most recently, least recently used
 * dropped first. Keyed by the text itself, so an entry can never be stale.
 * Bounded by the characters of the texts kept, not their number, since a
 * prompt may be 5,000 characters long.
 */
export interface KeptWordSets {
  /** The text's word set: the kept one, or `split`'s, kept from now on. */
  get(text: string): ReadonlySet<string>;
  /** Texts kept, and their characters in all. */
  readonly size: number;
  readonly characters: number;
}

export function createKeptWordSets(maxCharacters: number, split: (text: string) => ReadonlySet<string>): KeptWordSets {
  // A Map iterates in insertion order: re-inserting on each use keeps the least recently used first.
  const sets = new Map<string, ReadonlySet<string>>();
  let characters = 0;
  return {
    get(text) {
      const kept = sets.get(text);
      if (kept) {
        sets.delete(text);
        sets.set(text, kept);
        return kept;
      }
      const words = split(text);
      sets.set(text, words);
      characters += text.length;
      for (const oldest of sets.keys()) {
        if (characters <= maxCharacters) break;
        sets.delete(oldest);
        characters -= oldest.length;
      }
      return words;
    },
    get size() {
      return sets.size;
    },
    get characters() {
      return characters;
    },
  };
}
