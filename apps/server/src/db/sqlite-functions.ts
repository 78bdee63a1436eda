/**
 * SQL functions every SQLite connection of the app registers: the main one,
 * read snapshots (connect.ts) and the read pool's threads
 * (sqlite-read-worker.ts). SQLite has no Unicode-aware lower() and no regular
 * expressions, so search (prompts/search.ts) and the best-match order
 * (prompts/relevance.ts) call these instead.
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

export function isWordCharacter(character: string | undefined): boolean {
  return character !== undefined && WORD_CHARACTER.test(character);
}

/**
 * Whether `text`, lower-cased, contains `needle` (already lower-cased) with no
 * word character joined to it: "email" is a whole word in "Cold email:" but
 * not in "emails". An edge of the needle that is not itself a word character
 * ("c++") needs no boundary there.
 */
export function containsAsWholeWord(text: string, needle: string): boolean {
  if (needle === '') return false;
  const haystack = text.toLowerCase();
  const characters = [...needle];
  const needsBoundaryBefore = isWordCharacter(characters[0]);
  const needsBoundaryAfter = isWordCharacter(characters.at(-1));
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const end = at + needle.length;
    const before = [...haystack.slice(Math.max(0, at - 2), at)].at(-1);
    const after = end < haystack.length ? String.fromCodePoint(haystack.codePointAt(end) ?? 0) : undefined;
    if (needsBoundaryBefore && isWordCharacter(before)) continue;
    if (needsBoundaryAfter && isWordCharacter(after)) continue;
    return true;
  }
  return false;
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
}
