import { COUNTER_THRESHOLD, NOTE_LIMITS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { charLength, exceedsLimit } from '@prompt-vault/shared/text';

export type NoteField = keyof typeof NOTE_LIMITS;
export type NoteErrors = Partial<Record<NoteField, string>>;

/**
 * Errors shown while typing: only the over-limit ones, removed as soon as the
 * text is back within its limit. The text is never truncated.
 */
export function liveNoteErrors(values: Record<NoteField, string>): NoteErrors {
  const errors: NoteErrors = {};
  for (const field of Object.keys(NOTE_LIMITS) as NoteField[]) {
    if (exceedsLimit(values[field], NOTE_LIMITS[field])) errors[field] = MESSAGES.submit.exceedsLimit(NOTE_LIMITS[field]);
  }
  return errors;
}

/** Errors on submit: the live ones plus an empty note. */
export function submitNoteErrors(values: Record<NoteField, string>): NoteErrors {
  const errors = liveNoteErrors(values);
  if (!errors.text && values.text.trim() === '') errors.text = MESSAGES.notes.textRequired;
  return errors;
}

/** The 'n/limit' counter shows once a field is past 80% of its limit (as on the share form). */
export function noteCounter(value: string, field: NoteField): { text: string; over: boolean } | undefined {
  const limit = NOTE_LIMITS[field];
  const length = charLength(value);
  if (length <= limit * COUNTER_THRESHOLD) return undefined;
  return { text: `${length}/${limit}`, over: length > limit };
}
