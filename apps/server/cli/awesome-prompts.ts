/**
 * How a row of the awesome-chatgpt-prompts CSV (`act,prompt,for_devs,type,
 * contributor`) becomes a prompt. The collection has no category or model,
 * so both are derived, and `--category` / `--model` override them:
 *
 * - title    <- `act`
 * - prompt   <- `prompt`
 * - category <- `type` IMAGE: 'Image Generation'; otherwise `for_devs` TRUE:
 *               'Coding'; otherwise `type` STRUCTURED: 'Structured Output';
 *               otherwise 'Role Play' (most of the collection is "act as ...")
 * - model    <- 'ChatGPT', the model the collection was written for
 * - `contributor` has no field in Prompt Vault and is not imported.
 */
export const AWESOME_COLUMNS = ['act', 'prompt', 'for_devs', 'type', 'contributor'] as const;

export const AWESOME_DEFAULT_MODEL = 'ChatGPT';

export const AWESOME_CATEGORIES = {
  image: 'Image Generation',
  developer: 'Coding',
  structured: 'Structured Output',
  other: 'Role Play',
} as const;

export function awesomeCategory(type: string | undefined, forDevs: string | undefined): string {
  const kind = (type ?? '').trim().toUpperCase();
  if (kind === 'IMAGE') return AWESOME_CATEGORIES.image;
  if ((forDevs ?? '').trim().toUpperCase() === 'TRUE') return AWESOME_CATEGORIES.developer;
  if (kind === 'STRUCTURED') return AWESOME_CATEGORIES.structured;
  return AWESOME_CATEGORIES.other;
}
