import { COUNTER_THRESHOLD, COMMENT_LIMITS } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';
import { charLength, exceedsLimit } from '@prompt-vault/shared/text';

export type CommentField = keyof typeof COMMENT_LIMITS;
export type CommentErrors = Partial<Record<CommentField, string>>;

/**
 * Errors shown while typing: only the over-limit ones, removed as soon as the
 * text is back within its limit. The text is never truncated.
 */
export function liveCommentErrors(values: Record<CommentField, string>): CommentErrors {
  const errors: CommentErrors = {};
  for (const field of Object.keys(COMMENT_LIMITS) as CommentField[]) {
    if (exceedsLimit(values[field], COMMENT_LIMITS[field])) errors[field] = MESSAGES.submit.exceedsLimit(COMMENT_LIMITS[field]);
  }
  return errors;
}

/** Errors on submit: the live ones plus an empty comment. */
export function submitCommentErrors(values: Record<CommentField, string>): CommentErrors {
  const errors = liveCommentErrors(values);
  if (!errors.text && values.text.trim() === '') errors.text = MESSAGES.comments.textRequired;
  return errors;
}

/** The 'n/limit' counter shows once a field is past 80% of its limit (as on the share form). */
export function commentCounter(value: string, field: CommentField): { text: string; over: boolean } | undefined {
  const limit = COMMENT_LIMITS[field];
  const length = charLength(value);
  if (length <= limit * COUNTER_THRESHOLD) return undefined;
  return { text: `${length}/${limit}`, over: length > limit };
}
