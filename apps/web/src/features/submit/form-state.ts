import { COUNTER_THRESHOLD, PROMPT_FIELDS, PROMPT_LIMITS, type PromptField, TAG_LIMITS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { isValidTag, normaliseTags, splitTagList } from '@prompt-vault/shared/tags';
import { charLength, exceedsLimit } from '@prompt-vault/shared/text';

export type FormValues = Record<PromptField, string>;

export const EMPTY_FORM: FormValues = { title: '', prompt: '', category: '', model: '' };

export interface CounterState {
  /** Shown once the field is past 80% of its limit. */
  readonly visible: boolean;
  /** Flagged when the limit is exceeded. */
  readonly over: boolean;
  readonly text: string;
}

/**
 * The 'n/limit' counter. It counts what the server checks (the trimmed text,
 * in code points), so the counter, the field error and the server agree.
 */
export function counterState(value: string, limit: number): CounterState {
  const length = charLength(value.trim());
  return {
    visible: length > limit * COUNTER_THRESHOLD,
    over: exceedsLimit(value, limit),
    text: `${length}/${limit}`,
  };
}

/** 'Exceeds {limit} character limit' for each field over its limit, while it is over. */
export function limitErrors(values: FormValues): Partial<Record<PromptField, string>> {
  const errors: Partial<Record<PromptField, string>> = {};
  for (const field of PROMPT_FIELDS) {
    const limit = PROMPT_LIMITS[field];
    if (exceedsLimit(values[field], limit)) errors[field] = MESSAGES.submit.exceedsLimit(limit);
  }
  return errors;
}

export function emptyFields(values: FormValues): PromptField[] {
  return PROMPT_FIELDS.filter((field) => values[field].trim() === '');
}

/**
 * Why the form may not be sent yet, in the spec's order (section 5): a field
 * error first, then an empty required field; null when it may be sent.
 */
export function submitBlocker(values: FormValues, hasFieldErrors: boolean): string | null {
  if (hasFieldErrors) return MESSAGES.submit.fixFields;
  if (emptyFields(values).length > 0) return MESSAGES.submit.fillRequired;
  return null;
}

/** The server's `fields` messages, kept only for the four form fields. */
export function serverFieldErrors(fields: Record<string, string> | undefined): Partial<Record<PromptField, string>> {
  const errors: Partial<Record<PromptField, string>> = {};
  if (!fields) return errors;
  for (const field of PROMPT_FIELDS) {
    const message = fields[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/**
 * The tags typed into the form's one text field, separated by commas, by the
 * API's rule (packages/shared/src/tags.ts): normalised, duplicates merged.
 */
export function tagsFromText(text: string): string[] {
  return normaliseTags(splitTagList(text));
}

/** Why the typed tags would be refused, in the API's words; undefined when they are fine (or none). */
export function tagsError(text: string): string | undefined {
  const tags = tagsFromText(text);
  if (tags.length > TAG_LIMITS.perPrompt) return MESSAGES.tags.tooMany(TAG_LIMITS.perPrompt);
  const bad = tags.find((tag) => !isValidTag(tag));
  return bad === undefined ? undefined : MESSAGES.tags.invalid(bad, TAG_LIMITS.minLength, TAG_LIMITS.maxLength);
}

/**
 * The suggestions for the tag being typed (after the last comma): each tag in
 * use that is not chosen yet, written as the whole field's value would read
 * with it, since a datalist offers whole values. Most used first, as the
 * facets list them.
 */
export function tagSuggestions(text: string, inUse: readonly string[]): string[] {
  const cut = text.lastIndexOf(',');
  const before = cut === -1 ? '' : `${text.slice(0, cut + 1).trimEnd()} `;
  const chosen = new Set(tagsFromText(text.slice(0, cut + 1)));
  return inUse.filter((tag) => !chosen.has(tag)).map((tag) => `${before}${tag}`);
}
