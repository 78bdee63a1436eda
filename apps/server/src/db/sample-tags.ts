import { TAG_LIMITS } from '@prompt-vault/shared/limits';
import { isValidTag, normaliseTag, normaliseTags } from '@prompt-vault/shared/tags';

/**
 * Topic words that make a sample prompt's title worth a tag: the tasks and
 * subjects a visitor filters by, chosen from the sample titles' vocabulary.
 * Words such as "with" or "builder" say nothing about a prompt and are left out.
 */
export const SAMPLE_TOPIC_WORDS: ReadonlySet<string> = new Set([
  'analysis',
  'blog',
  'career',
  'checklist',
  'code',
  'dashboard',
  'data',
  'debugging',
  'email',
  'feedback',
  'interview',
  'meeting',
  'newsletter',
  'notes',
  'outline',
  'plan',
  'pricing',
  'product',
  'project',
  'quiz',
  'refactor',
  'report',
  'research',
  'review',
  'salary',
  'social',
  'sql',
  'story',
  'strategy',
  'study',
  'summary',
]);

/**
 * The sample data's tags, by one deterministic rule (docs/architecture.md,
 * "Tags"): the category as a tag, then each topic word of the title in title
 * order, normalised by the tag rule, duplicates merged, at most
 * TAG_LIMITS.perPrompt. "SQL Query Performance Review" in Coding gets
 * coding, sql, review.
 */
export function sampleTags(sample: { readonly title: string; readonly category: string }): string[] {
  const words = sample.title.toLowerCase().match(/[\p{L}\p{Nd}]+/gu) ?? [];
  const tags = normaliseTags([normaliseTag(sample.category), ...words.filter((word) => SAMPLE_TOPIC_WORDS.has(word))]);
  return tags.filter(isValidTag).slice(0, TAG_LIMITS.perPrompt);
}
