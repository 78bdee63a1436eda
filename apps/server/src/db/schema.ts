import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types. Timestamps are ISO-8601 UTC strings of fixed width in both
 * dialects, so they sort as text and one migration serves SQLite and PostgreSQL.
 */
export type Visibility = 'visible' | 'hidden';

export interface PromptsTable {
  id: string;
  title: string;
  prompt: string;
  category: string;
  model: string;
  like_count: Generated<number>;
  copy_count: Generated<number>;
  comment_count: Generated<number>;
  status: Generated<Visibility>;
  created_at: string;
  /** duplicate-key.ts of the title and text; unique. NULL for rows written without one. */
  duplicate_key: string | null;
  /** The prompt's tags, separated by spaces (tags/stored-tags.ts). */
  tag_list: Generated<string>;
}

/** One row per prompt and tag (migration 0006). */
export interface PromptTagsTable {
  tag: string;
  prompt_id: string;
  /** The prompt's own `created_at`, so a tag's newest prompts are one index range (migration 0013). */
  created_at: string;
}

/** How many visible prompts carry each tag, kept exact by the writes (tags/repository.ts). */
export interface TagsTable {
  name: string;
  count: Generated<number>;
}

/** A prompt's MinHash LSH keys, one row per key (migration 0008, similar/fingerprint.ts). */
export interface SimilarityBandsTable {
  /** Below 2^53; PostgreSQL's bigint comes back as a string (never read back). */
  band_key: number;
  prompt_id: string;
}

export interface LikesTable {
  prompt_id: string;
  user_id: string;
  created_at: string;
}

export interface CopiesTable {
  prompt_id: string;
  user_id: string;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  prompt_id: string;
  text: string;
  author: string | null;
  user_id: string | null;
  status: Generated<Visibility>;
  created_at: string;
}

export type ReportTargetType = 'prompt' | 'comment';

export interface ReportsTable {
  target_type: ReportTargetType;
  target_id: string;
  user_id: string;
  reason: string;
  created_at: string;
}

/** A field whose values are matched by spelling (packages/shared/src/spelling.ts). */
export type SpelledField = 'category' | 'model';

/**
 * The spelling the library uses for each category and model, by its spelling
 * key: the primary key lets only one spelling of a value in, even when two
 * are submitted at once.
 */
export interface SpellingsTable {
  field: SpelledField;
  match_key: string;
  spelling: string;
}

/**
 * Summaries kept with the writes (migration 0005, decision 0010): what facets,
 * analytics and the list's total read instead of aggregating the library.
 * Totals and days are spread over shard rows and summed on read. Counts are
 * bigint: PostgreSQL returns them as strings.
 */
export interface SummaryTotalsTable {
  shard: number;
  prompts: Generated<number | string>;
  likes: Generated<number | string>;
  copies: Generated<number | string>;
}

export interface SummaryDaysTable {
  /** The UTC date, YYYY-MM-DD. */
  day: string;
  shard: number;
  prompts: Generated<number | string>;
  likes: Generated<number | string>;
  copies: Generated<number | string>;
}

export interface SummaryFacetsTable {
  field: SpelledField;
  name: string;
  prompts: Generated<number | string>;
}

export interface SummaryKeywordsTable {
  word: string;
  /** Occurrences of the word in visible titles. */
  uses: number | string;
}

/** Visible prompts holding each search needle of one or two ASCII characters (db/search-grams.ts, migration 0016). */
export interface SearchGramsTable {
  gram: string;
  prompts: number | string;
}

/** PostgreSQL only: visible prompts holding each word of the word index (db/search-word-counts.ts, migration 0017). */
export interface SearchWordCountsTable {
  word: string;
  prompts: number | string;
}

export interface Database {
  prompts: PromptsTable;
  likes: LikesTable;
  copies: CopiesTable;
  comments: CommentsTable;
  reports: ReportsTable;
  spellings: SpellingsTable;
  summary_totals: SummaryTotalsTable;
  summary_days: SummaryDaysTable;
  summary_facets: SummaryFacetsTable;
  summary_keywords: SummaryKeywordsTable;
  search_grams: SearchGramsTable;
  search_word_counts: SearchWordCountsTable;
  prompt_tags: PromptTagsTable;
  tags: TagsTable;
  similarity_bands: SimilarityBandsTable;
}

export type PromptRow = Selectable<PromptsTable>;
export type NewPrompt = Insertable<PromptsTable>;
export type CommentRow = Selectable<CommentsTable>;
export type NewComment = Insertable<CommentsTable>;
