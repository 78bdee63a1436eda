import { PREVIEW_LENGTH } from './limits';

/**
 * Length in Unicode code points, so an emoji counts as one character in the
 * form's counter and in the server's check alike.
 */
export function charLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when the string is not well-formed UTF-16: it holds half of a
 * surrogate pair (JSON can carry one as "\ud800"). No database can store
 * such a character as it is: SQLite writes U+FFFD for each of its three
 * UTF-8 bytes and PostgreSQL one U+FFFD, so the stored text would differ from
 * what was accepted.
 */
export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE.test(value);
}

/** True when the trimmed value is longer than the limit. */
export function exceedsLimit(value: string, limit: number): boolean {
  return charLength(value.trim()) > limit;
}

/**
 * A card preview: the text cut to PREVIEW_LENGTH code points plus '...', or
 * the whole text when it is short enough. Cutting by code points never splits
 * an emoji in half.
 */
export function previewText(text: string, length: number = PREVIEW_LENGTH): { text: string; truncated: boolean } {
  if (charLength(text) <= length) return { text, truncated: false };
  return { text: `${Array.from(text).slice(0, length).join('')}...`, truncated: true };
}
