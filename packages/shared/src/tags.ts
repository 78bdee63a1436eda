import { TAG_LIMITS } from './limits';
import { charLength } from './text';

/**
 * The one rule for a tag, used by the API's body and query schemas, the
 * server's cache keys, the importer and the web form: trimmed and
 * lower-cased, each run of spaces or underscores becomes one hyphen, and the
 * result must be TAG_LIMITS.minLength to maxLength code points of letters (any
 * script, with their combining marks, which scripts such as Devanagari need),
 * digits and hyphens. NFC first, so one word typed two ways is one tag.
 */
export function normaliseTag(raw: string): string {
  return raw
    .normalize('NFC')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/gu, '-');
}

const TAG_CHARACTERS = /^[\p{L}\p{M}\p{Nd}-]+$/u;

/** True when an already normalised tag is allowed. */
export function isValidTag(tag: string): boolean {
  const length = charLength(tag);
  return length >= TAG_LIMITS.minLength && length <= TAG_LIMITS.maxLength && TAG_CHARACTERS.test(tag);
}

/** Normalised tags in their first order, duplicates (after normalising) merged. */
export function normaliseTags(raw: readonly string[]): string[] {
  return [...new Set(raw.map(normaliseTag))];
}

/** The tags of a `tags=a,b` query parameter, before validation; blank items are ignored. */
export function splitTagList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}
