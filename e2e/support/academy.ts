/** Where the Academy's pages start. */
export const ACADEMY = '/prompt-academy';

/**
 * Every lesson, in reading order, written out by hand (not read from the
 * app's navigation), so a spec notices a lesson that goes missing.
 */
export const ACADEMY_LESSONS = [
  'beginner/understanding',
  'beginner/components',
  'beginner/techniques',
  'beginner/sampling',
  'beginner/mistakes',
  'intermediate/role-prompting',
  'intermediate/format-control',
  'intermediate/templates',
  'intermediate/iterative',
  'advanced/chain-of-thought',
  'advanced/few-shot',
  'advanced/evaluation',
  'advanced/long-documents',
  'advanced/tools-agents',
  'advanced/system-user',
  'patterns/audience-persona',
  'patterns/structured-output',
  'patterns/recipe',
  'patterns/ask-input',
] as const;
