import type { AppCaches } from '../cache/app-caches';
import type { DatabaseHandle } from '../db/connect';
import type { PromptsService } from '../prompts/service';
import { Vocabulary } from './closest-word';
import { vocabularyEntries } from './repository';

/** The vocabulary cache's one entry. */
const VOCABULARY_KEY = 'vocabulary';

/** Only words of letters are corrected; numbers, symbols and one- or two-letter words are kept as typed. */
const CORRECTABLE = /^\p{L}{3,}$/u;

export interface SuggestionsService {
  /**
   * "Did you mean": for a search text (normalised by searchTextOf) that
   * finds nothing, the same text with each unknown word replaced by the
   * nearest word of the library's own vocabulary, if that finds prompts;
   * null when the text already finds some, or no correction does.
   */
  suggest(text: string): Promise<string | null>;
}

export function createSuggestionsService(database: DatabaseHandle, caches: AppCaches, prompts: PromptsService): SuggestionsService {
  // Rebuilt after a prompt is added, hidden or shown, which is what changes the words (cache/library-writes.ts);
  // after the TTL, rebuilt in the background while the last one still answers (cache/snapshot-cache.ts).
  const vocabulary = () => caches.vocabulary.get(VOCABULARY_KEY, async () => new Vocabulary(await vocabularyEntries(database.longReads)));

  return {
    async suggest(text) {
      if (await prompts.hasMatches(text)) return null;
      const known = await vocabulary();
      const words = text.toLowerCase().split(' ');
      const corrected = words.map((word) => (CORRECTABLE.test(word) && !known.has(word) ? (known.closest(word) ?? word) : word));
      if (corrected.every((word, index) => word === words[index])) return null;
      const suggestion = corrected.join(' ');
      return (await prompts.hasMatches(suggestion)) ? suggestion : null;
    },
  };
}
