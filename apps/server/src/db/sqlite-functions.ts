/**
 * SQL functions every SQLite connection of the app registers: the main one,
 * read snapshots (connect.ts), the read pool's threads
 * (sqlite-read-worker.ts) and the generator's (cli/generate/bulk-writer.ts).
 * SQLite has no Unicode-aware lower() and no regular expressions, so search
 * (prompts/search.ts) and the best-match order (prompts/relevance.ts) call
 * these instead; the word index's triggers (migrations 0021 and 0022) call
 * pv_ascii_words, pv_reversed and pv_word_index_text, so a connection
 * without them cannot add or change a prompt.
 *
 * The read pool's worker imports this file as it is (Node's type stripping),
 * so it uses only erasable TypeScript and imports nothing.
 */

/** A Unicode-aware lower(); SQLite's own lower() and LIKE fold only ASCII. */
export const SQLITE_LOWER_FUNCTION = 'pv_lower';

/** pv_whole_word(text, needle): 1 when text contains the lower-cased needle as a whole word (containsAsWholeWord). */
export const SQLITE_WHOLE_WORD_FUNCTION = 'pv_whole_word';

/**
 * A word character: a letter, a digit or an underscore, in any script. The
 * same class as PostgreSQL's [[:alnum:]_] in a UTF-8 database
 * (prompts/relevance.ts builds that side).
 */
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

/** Whether `character`, one character (a code point, which may be two UTF-16 units), is a word character. */
export function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && isWordCodePoint(character.codePointAt(0));
}

/** isWordCharacter by code point, deciding ASCII by comparisons: SQLite calls containsAsWholeWord once per row tested. */
function isWordCodePoint(code: number | undefined): boolean {
  if (code === undefined) return false;
  if (code < 0x80) {
    return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
  }
  return WORD_CHARACTER.test(String.fromCodePoint(code));
}

/** The code point that ends just before `index` (the whole pair when a surrogate pair does). */
function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const last = text.charCodeAt(index - 1);
  const isLowSurrogate = last >= 0xdc00 && last <= 0xdfff;
  if (isLowSurrogate && index >= 2) {
    const first = text.charCodeAt(index - 2);
    if (first >= 0xd800 && first <= 0xdbff) return text.codePointAt(index - 2);
  }
  return last;
}

/**
 * Whether `text`, lower-cased, contains `needle` (already lower-cased) with no
 * word character joined to it: "email" is a whole word in "Cold email:" but
 * not in "emails". An edge of the needle that is not itself a word character
 * ("c++") needs no boundary there. SQLite calls it for every row a
 * whole-word test reaches: at 100k prompts, the 20,000 titles holding "ab"
 * when best match looks for the word. Reading code points rather than
 * spreading strings into arrays took those 20,000 calls from 4.6-6.0 to
 * 2.4-2.6 ms in JavaScript, and the whole scan from 46 to 21-36 ms.
 */
export function containsAsWholeWord(text: string, needle: string): boolean {
  if (needle === '') return false;
  const haystack = text.toLowerCase();
  let at = haystack.indexOf(needle);
  if (at === -1) return false;
  const needsBoundaryBefore = isWordCodePoint(needle.codePointAt(0));
  const needsBoundaryAfter = isWordCodePoint(codePointBefore(needle, needle.length));
  for (; at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    if (needsBoundaryBefore && isWordCodePoint(codePointBefore(haystack, at))) continue;
    if (needsBoundaryAfter && isWordCodePoint(haystack.codePointAt(end))) continue;
    return true;
  }
  return false;
}

/** pv_ascii_words(text): the distinct words FTS5's `ascii` tokenizer cuts `text` into, as a JSON array (asciiWords). */
export const SQLITE_ASCII_WORDS_FUNCTION = 'pv_ascii_words';

/** pv_reversed(text): `text` with its characters in reverse order (the search vocabulary's key for a word's ending). */
export const SQLITE_REVERSED_FUNCTION = 'pv_reversed';

/**
 * The distinct words of `text` as FTS5's `ascii` tokenizer cuts them (the
 * SQLite word index, migration 0021): runs of ASCII letters and digits and
 * of any character past ASCII, with A-Z lower-cased and nothing else
 * changed. Every other ASCII character separates words. The search
 * vocabulary holds them (prompts/word-phrase-plan.ts), so they must be the
 * index's own words exactly; `unicode61`'s letter classes and case folding
 * could not be matched so in JavaScript.
 */
export function asciiWords(text: string): string[] {
  const words = new Set<string>();
  let start = -1;
  for (let index = 0; index <= text.length; index += 1) {
    const code = index < text.length ? text.charCodeAt(index) : 0;
    const inWord = code >= 0x80 || (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);
    if (inWord && start < 0) start = index;
    if (!inWord && start >= 0) {
      words.add(text.slice(start, index).replace(/[A-Z]+/g, (letters) => letters.toLowerCase()));
      start = -1;
    }
  }
  return [...words];
}

/**
 * pv_word_index_text(text): the text the word index reads (wordIndexText),
 * through its source view (migration 0022).
 */
export const SQLITE_WORD_INDEX_TEXT_FUNCTION = 'pv_word_index_text';

/**
 * The word index's mark where words stand apart by anything but one space: a
 * character past ASCII, so the `ascii` tokenizer takes it for a word, and one
 * of Unicode's private use, which no prompt's text means to hold. A text that
 * does hold it only gives a search one more candidate to test.
 */
export const SEPARATOR_MARK = '\ue000';

/** A run of the ASCII characters the `ascii` tokenizer separates words with: all but letters and digits. */
const ASCII_SEPARATORS = /[\x00-\x2f\x3a-\x40\x5b-\x60\x7b-\x7f]+/g;

/**
 * `text` as the word index reads it (migration 0022): every run of
 * separators that is not exactly one space becomes SEPARATOR_MARK between
 * spaces, so two words stand next to each other in the index only where one
 * space parts them in the text. A phrase of a needle's words plainly spaced
 * then finds exactly the prompts holding it, with no text to read and test
 * (prompts/word-phrase-plan.ts). Words themselves are unchanged.
 */
export function wordIndexText(text: string): string {
  return text.replace(ASCII_SEPARATORS, (run) => (run === ' ' ? run : ` ${SEPARATOR_MARK} `));
}

/** `text`'s code points in reverse order. */
export function reversed(text: string): string {
  return [...text].reverse().join('');
}

/** The part of better-sqlite3's Database these registrations use. */
interface FunctionRegistry {
  function(name: string, options: { deterministic: boolean }, implementation: (...args: unknown[]) => unknown): unknown;
}

export function registerSqliteFunctions(connection: FunctionRegistry): void {
  connection.function(SQLITE_LOWER_FUNCTION, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  connection.function(SQLITE_WHOLE_WORD_FUNCTION, { deterministic: true }, (text: unknown, needle: unknown) =>
    typeof text === 'string' && typeof needle === 'string' && containsAsWholeWord(text, needle) ? 1 : 0,
  );
  connection.function(SQLITE_ASCII_WORDS_FUNCTION, { deterministic: true }, (text: unknown) =>
    JSON.stringify(typeof text === 'string' ? asciiWords(text) : []),
  );
  connection.function(SQLITE_REVERSED_FUNCTION, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? reversed(text) : text,
  );
  connection.function(SQLITE_WORD_INDEX_TEXT_FUNCTION, { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? wordIndexText(text) : text,
  );
}
