import { z } from 'zod';
import { HONEYPOT_FIELD, COMMENT_LIMITS, PAGE_SIZE_MAX, PROMPT_LIMITS, SIMILAR_PROMPTS, TAG_LIMITS } from './limits';
import { MESSAGES } from './messages';
import { searchTextOf } from './search-text';
import { isValidTag, normaliseTags, splitTagList } from './tags';
import { charLength, hasLoneSurrogate } from './text';

/**
 * The API's contract, used by the server to validate and by the web app for
 * its types. Text fields are trimmed, then checked in code points; they are
 * never truncated.
 */
/** Refused rather than stored altered: see hasLoneSurrogate. */
const wellFormed = (label: string) =>
  [(value: string) => !hasLoneSurrogate(value), { message: `${label} must be valid Unicode text` }] as const;

function requiredText(label: string, limit: number) {
  return (
    z
      .string({ error: `${label} must be text` })
      .refine(...wellFormed(label))
      .trim()
      .refine((value) => value.length > 0, { message: `${label} is required` })
      .refine((value) => charLength(value) <= limit, { message: MESSAGES.submit.exceedsLimit(limit) })
      // The limits as the OpenAPI description states them (JSON Schema counts code points, as charLength does).
      .meta({ minLength: 1, maxLength: limit })
  );
}

function optionalText(label: string, limit: number) {
  return z
    .string({ error: `${label} must be text` })
    .refine(...wellFormed(label))
    .trim()
    .refine((value) => charLength(value) <= limit, { message: MESSAGES.submit.exceedsLimit(limit) })
    .meta({ maxLength: limit });
}

// Defined in limits.ts so the web form can name the field without bundling zod; exported here too for the server.
export { HONEYPOT_FIELD };
const honeypot = z.string().max(1000).optional();

/**
 * A prompt's tags, by the one rule of tags.ts: each normalised, duplicates
 * merged, then at most TAG_LIMITS.perPrompt, each valid. An invalid list is
 * refused (a 400 naming `tags`), never shortened or altered beyond the rule.
 */
export const tagListSchema = z
  .array(z.string({ error: MESSAGES.tags.notList }).refine(...wellFormed('Tag')), { error: MESSAGES.tags.notList })
  .overwrite(normaliseTags)
  .refine((tags) => tags.length <= TAG_LIMITS.perPrompt, { message: MESSAGES.tags.tooMany(TAG_LIMITS.perPrompt) })
  .superRefine((tags, context) => {
    const bad = tags.find((tag) => !isValidTag(tag));
    if (bad !== undefined) {
      context.addIssue({ code: 'custom', message: MESSAGES.tags.invalid(bad, TAG_LIMITS.minLength, TAG_LIMITS.maxLength) });
    }
  })
  .meta({
    description: `0-${TAG_LIMITS.perPrompt} tags. Each is trimmed and lower-cased, runs of spaces or underscores become one hyphen, and the result must be ${TAG_LIMITS.minLength}-${TAG_LIMITS.maxLength} letters (any script), digits and hyphens; duplicates after normalising merge.`,
  });

export const promptInputSchema = z.object({
  title: requiredText('Title', PROMPT_LIMITS.title),
  prompt: requiredText('Prompt', PROMPT_LIMITS.prompt),
  category: requiredText('Category', PROMPT_LIMITS.category),
  model: requiredText('Model', PROMPT_LIMITS.model),
  tags: tagListSchema.optional(),
  [HONEYPOT_FIELD]: honeypot,
});
export type PromptInput = z.infer<typeof promptInputSchema>;

export const commentInputSchema = z.object({
  text: requiredText('Note', COMMENT_LIMITS.text),
  author: optionalText('Name', COMMENT_LIMITS.author).optional(),
  [HONEYPOT_FIELD]: honeypot,
});

/** Anyone may report a prompt or a comment, once per visitor id (repeats are accepted and counted once). */
export const REPORT_REASONS = ['spam', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const reportInputSchema = z.object({
  targetType: z.enum(['prompt', 'comment'], { error: 'targetType must be prompt or comment' }),
  targetId: z.string().min(1).max(64),
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
});
export type ReportInput = z.infer<typeof reportInputSchema>;
export const reportResultSchema = z.object({ reported: z.literal(true) });

/** The moderators' view of one reported prompt or comment (GET /api/admin/reports). */
export const reportSummarySchema = z.object({
  targetType: z.enum(['prompt', 'comment']),
  targetId: z.string(),
  /** 'deleted' when the reported row no longer exists. */
  status: z.enum(['visible', 'hidden', 'deleted']),
  /** The prompt's title, or the comment's text. */
  excerpt: z.string(),
  /** For a comment: the prompt it belongs to. */
  promptId: z.string().nullable(),
  reports: z.number().int(),
  reasons: z.object({ spam: z.number().int(), offensive: z.number().int(), other: z.number().int() }),
  lastReportedAt: z.string(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;
export const moderationResultSchema = z.object({ _id: z.string(), status: z.enum(['visible', 'hidden']) });
export type ModerationResult = z.infer<typeof moderationResultSchema>;
export type CommentInput = z.infer<typeof commentInputSchema>;

export const likeInputSchema = z.object({
  liked: z.boolean({ error: 'liked must be true or false' }),
});
export type LikeInput = z.infer<typeof likeInputSchema>;

/** `relevance` is the best-match order of a search: only with `q` (apps/server/src/prompts/relevance.ts). */
export const SORT_OPTIONS = ['likes_desc', 'likes_asc', 'newest', 'copies_desc', 'relevance'] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

/**
 * The querystring schemas (this one, countQuerySchema and suggestQuerySchema)
 * must give the same value for the same querystring whenever it comes: the
 * server remembers what each made of the last few hundred it saw
 * (apps/server/src/http/remembered-query-validation.ts), so a default read
 * from the clock or a check that depends on anything but the text would go
 * stale there.
 */
export const listQuerySchema = z.object({
  q: z.string().overwrite(searchTextOf).max(200, 'q must be at most 200 characters').optional(),
  category: z.string().max(200).optional(),
  model: z.string().max(200).optional(),
  /** Comma-separated; prompts carrying every one. Each follows the tag rule; an empty list is no filter. */
  tags: z
    .string()
    .max(500, 'tags must be at most 500 characters')
    .transform(splitTagList)
    .pipe(tagListSchema)
    .optional()
    .meta({ description: 'Comma-separated tags (e.g. `email,work`): only prompts carrying all of them' }),
  sort: z.enum(SORT_OPTIONS, { error: `sort must be one of ${SORT_OPTIONS.join(', ')}` }).optional(),
  liked: z.enum(['true', 'false'], { error: 'liked must be true or false' }).optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(PAGE_SIZE_MAX, `limit must be at most ${PAGE_SIZE_MAX}`)
    .optional(),
  cursor: z.string().max(500).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** GET /api/prompts/count: the list's filters (its order and paging, if sent, are ignored). */
export const countQuerySchema = listQuerySchema.pick({ q: true, category: true, model: true, tags: true, liked: true });
export type CountQuery = z.infer<typeof countQuerySchema>;

/** How many prompts match (GET /api/prompts/count). */
export const promptCountSchema = z.object({ total: z.number().int().min(0) });
export type PromptCount = z.infer<typeof promptCountSchema>;

/** GET /api/search/suggest: the search text that found nothing. */
export const suggestQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .overwrite(searchTextOf)
    .min(1, 'q must not be empty')
    .max(200, 'q must be at most 200 characters'),
});

/** "Did you mean": the corrected search, or null when the search finds prompts or no correction does. */
export const suggestionSchema = z.object({ suggestion: z.string().nullable() });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** POST /api/prompts/similar: the title and text being written, under the share form's own rules and limits. */
export const similarInputSchema = promptInputSchema.pick({ title: true, prompt: true });
export type SimilarInput = z.infer<typeof similarInputSchema>;

/** Up to SIMILAR_PROMPTS.max visible prompts at or above the threshold, most similar first, ties by id. */
export const similarPromptsSchema = z.object({
  similar: z
    .array(
      z.object({
        _id: z.string(),
        title: z.string(),
        similarity: z
          .number()
          .min(0)
          .max(1)
          .meta({ description: 'Jaccard index of the word pairs of title and text, rounded to 3 decimals' }),
      }),
    )
    .max(SIMILAR_PROMPTS.max),
});
export type SimilarPrompts = z.infer<typeof similarPromptsSchema>;

export const promptSchema = z.object({
  _id: z.string(),
  title: z.string(),
  prompt: z.string(),
  category: z.string(),
  model: z.string(),
  /** Normalised (tags.ts), in the order they were given. */
  tags: z.array(z.string()),
  likes: z.number().int(),
  liked: z.boolean(),
  copyCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;

export const commentSchema = z.object({
  _id: z.string(),
  promptId: z.string(),
  text: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;

export const likeResultSchema = z.object({ likes: z.number().int(), liked: z.boolean() });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const copyResultSchema = z.object({ copyCount: z.number().int() });
export type CopyResult = z.infer<typeof copyResultSchema>;

const facetSchema = z.object({ name: z.string(), count: z.number().int() });
export const facetsSchema = z.object({
  total: z.number().int(),
  categories: z.array(facetSchema),
  models: z.array(facetSchema),
  keywords: z.array(z.string()),
  /** Tags of visible prompts: most used first, then by name; at most TAG_FACET_LIMIT. */
  tags: z.array(facetSchema),
});
export type Facets = z.infer<typeof facetsSchema>;

const statSchema = z.object({ name: z.string(), promptCount: z.number().int() });
export type Stat = z.infer<typeof statSchema>;

export const analyticsSchema = z.object({
  overview: z.object({
    totalPrompts: z.number().int(),
    totalLikes: z.number().int(),
    totalCopies: z.number().int(),
  }),
  categoryStats: z.array(statSchema),
  modelStats: z.array(statSchema),
  topCopiedPrompts: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      category: z.string(),
      model: z.string(),
      prompt: z.string(),
      copyCount: z.number().int(),
      likes: z.number().int().optional(),
    }),
  ),
  activity: z.array(
    z.object({
      date: z.string(),
      prompts: z.number().int(),
      likes: z.number().int(),
      copies: z.number().int(),
    }),
  ),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });

export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** For DUPLICATE (409): the permalink path of the prompt that already exists, e.g. '/prompts/abc'. */
  link: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
