import { PROMPT_LIMITS } from '@prompt-vault/shared/limits';
import type { SimilarInput } from '@prompt-vault/shared/schemas';
import { charLength } from '@prompt-vault/shared/text';

/**
 * What the near-duplicate check sends for the form's current title and
 * text, or undefined when there is nothing worth asking about: until both
 * have some content, and while either is over its limit (the server would
 * only refuse it, and the form already says so). Trimmed, as the server
 * reads them, so spaces typed at the ends do not ask again.
 */
export function similarCheckDraft(values: { readonly title: string; readonly prompt: string }): SimilarInput | undefined {
  const title = values.title.trim();
  const prompt = values.prompt.trim();
  if (!title || !prompt) return undefined;
  if (charLength(title) > PROMPT_LIMITS.title || charLength(prompt) > PROMPT_LIMITS.prompt) return undefined;
  return { title, prompt };
}
