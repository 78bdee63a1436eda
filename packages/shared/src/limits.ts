/**
 * Every limit, count and timing of the product spec (sections 2, 5 and 9),
 * defined once. The web form and the server both import from here, so they
 * can never disagree.
 */

/** Character limits for a submitted prompt, counted in Unicode code points. */
export const PROMPT_LIMITS = {
  title: 50,
  prompt: 5000,
  category: 25,
  model: 25,
} as const;

export type PromptField = keyof typeof PROMPT_LIMITS;

/**
 * Tags (tags.ts holds the rule): at most TAG_LIMITS.perPrompt on a prompt,
 * each minLength to maxLength code points once normalised.
 */
export const TAG_LIMITS = {
  perPrompt: 5,
  minLength: 2,
  maxLength: 25,
} as const;

/** GET /api/facets lists at most this many tags, most used first. */
export const TAG_FACET_LIMIT = 100;

/** GET /api/prompts/:id/related answers at most this many prompts (issue 20). */
export const RELATED_PROMPTS_LIMIT = 6;
export const PROMPT_FIELDS = Object.keys(PROMPT_LIMITS) as PromptField[];

/**
 * Anti-spam honeypot: a field hidden from people in the share and comment forms
 * (web components/honeypot-field.tsx).
 * A request that fills it is answered as if it succeeded and discarded.
 */
export const HONEYPOT_FIELD = 'website';

/** Limits for a comment (a note, to visitors), counted in Unicode code points. */
export const COMMENT_LIMITS = {
  text: 1000,
  author: 40,
} as const;

/** A field's 'n/limit' counter appears once it is past this share of its limit. */
export const COUNTER_THRESHOLD = 0.8;

/** Card previews are cut to this many characters, plus '...'. */
export const PREVIEW_LENGTH = 256;

/** Skeleton cards shown while the library loads. */
export const SKELETON_CARD_COUNT = 6;

/** Popular Keywords: how many, and the minimum word length (longer than 3). */
export const KEYWORD_COUNT = 10;
export const KEYWORD_MIN_LENGTH = 4;
export const KEYWORD_STOP_WORDS: ReadonlySet<string> = new Set([
  'with',
  'that',
  'this',
  'from',
  'have',
  'will',
  'what',
  'about',
  'your',
  'which',
]);

/** Timings in milliseconds. */
export const SUCCESS_NOTICE_MS = 5000;
export const COPIED_INDICATOR_MS = 2000;
export const LOGO_ANIMATION_MS = 1000;
export const SEARCH_DEBOUNCE_MS = 250;

/** Pie charts: at most this many slices; the rest are summed into 'Other'. */
export const PIE_MAX_SLICES = 14;

/**
 * The near-duplicate warning (POST /api/prompts/similar, issue 20 item 5):
 * prompts whose similarity (the Jaccard index of word pairs, docs/api.md) is
 * at least `threshold` count as similar; at most `max` are answered. The
 * share form asks `debounceMs` after the last keystroke.
 */
export const SIMILAR_PROMPTS = {
  threshold: 0.6,
  max: 3,
  debounceMs: 400,
} as const;

/** Paging of GET /api/prompts. */
export const PAGE_SIZE_MAX = 100;
export const LIBRARY_PAGE_SIZE = 48;

/** Request bodies larger than this get 413. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * How long after a like, copy or note the server may still answer
 * /api/analytics from before it (the analytics recompute at most once in
 * this time under a stream of writes); the web app waits this long after
 * its own write before it asks again, so its next view shows the write.
 */
export const ANALYTICS_STALE_MS = 1000;

/** Days covered by the Insights activity chart. */
export const ACTIVITY_DAYS = 30;

/** Leaderboard length. */
export const TOP_COPIED_COUNT = 10;

/** Footer copyright year (spec section 9). */
export const COPYRIGHT_YEAR = 2025;

/** Local storage keys and values (spec section 3). */
export const STORAGE_KEYS = {
  userId: 'userId',
  theme: 'theme',
  cookieConsent: 'cookieConsent',
  /** Beyond the spec: the prompts and notes this browser has reported, so each is reported once. */
  reported: 'reportedItems',
  /** Beyond the spec: the Academy lessons this browser has marked done. */
  academyProgress: 'academyProgress',
} as const;
export const COOKIE_CONSENT_ACCEPTED = 'accepted';
export const USER_ID_PREFIX = 'user_';

/** The value the copy call sends when no user id is stored (spec section 6). */
export const ANONYMOUS_USER_ID = 'anonymous';

/** Shape of a user id: 'user_' plus 8..64 characters of [A-Za-z0-9_-]. */
export const USER_ID_PATTERN = /^user_[A-Za-z0-9_-]{8,64}$/;
