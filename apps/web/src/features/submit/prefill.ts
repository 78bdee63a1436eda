import { PROMPT_FIELDS } from '@prompt-vault/shared/limits';
import { EMPTY_FORM, type FormValues } from './form-state';

export interface Prefill {
  readonly values: FormValues;
  /** Whether the link filled in any field, so the form can say so. */
  readonly prefilled: boolean;
}

/**
 * The form's starting values from a link such as
 * `/submit?title=...&prompt=...&category=...&model=...` (the Academy's 'Try it').
 * Each value is taken as text, never truncated: the form then checks it
 * against the same limits as typed input and flags it if it is too long.
 * Nothing is sent until the visitor presses Share Prompt.
 */
export function prefillFromQuery(search: string): Prefill {
  const params = new URLSearchParams(search);
  const values: FormValues = { ...EMPTY_FORM };
  let prefilled = false;
  for (const field of PROMPT_FIELDS) {
    // A textarea keeps only \n line breaks; do the same, so counters match what is shown.
    const value = params.get(field)?.replace(/\r\n?/g, '\n');
    if (value === undefined || value.trim() === '') continue;
    values[field] = value;
    prefilled = true;
  }
  return { values, prefilled };
}
