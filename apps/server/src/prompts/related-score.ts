import { titleWords } from '@prompt-vault/shared/keywords';
import { createKeptWordSets } from './kept-word-sets';

/**
 * The ranking of related prompts, in TypeScript so that SQLite and
 * PostgreSQL give the same answer: the databases only choose a bounded set
 * of candidates (related-repository.ts), with integer-only orderings both
 * agree on, and every score is computed here from the candidates' own text.
 * No model or embedding is involved: the signals are the ones the library
 * already keeps (tags, categories, title words and their counts).
 */

/** Points for each tag the candidate shares with the prompt. */
export const SHARED_TAG_POINTS = 3;
/** Points for being in the prompt's category. */
export const SAME_CATEGORY_POINTS = 2;
/** Points for each of the prompt's specific title words (SPECIFIC_MAX_USES) in the candidate's title. */
export const SPECIFIC_TITLE_WORD_POINTS = 1;
/** Points for each of the prompt's common title words (such as "plan") in the candidate's title. */
export const COMMON_TITLE_WORD_POINTS = 0.25;
/** At most this many points for the words both texts use (their Jaccard index, 0 to 1, times this). */
export const BODY_OVERLAP_POINTS = 1;

/**
 * A tag or title word carried by at most this many visible prompts is
 * specific: it is worth full points, and may bring candidates (reading its
 * prompts costs at most this many rows). A commoner one ("plan", a category's
 * own tag) says little about a prompt and would cost a large read.
 */
export const SPECIFIC_MAX_USES = 1000;

/**
 * The rows all candidate sources together may read at most: the specific
 * tags and title words are read rarest first while their counts fit, so a
 * request's cost is bounded whatever the library's size. At 100k prompts,
 * 500 rows cost a third of 1,000 on PostgreSQL (candidates p50 2.2 against
 * 8.5 ms) for 10% fewer candidates: most generated prompts have one tag or
 * title word of about 400 prompts, and the tag and the word are often the same.
 */
export const SOURCE_ROW_BUDGET = 500;

/**
 * Where candidates come from, each read as its most liked visible prompts
 * (then by id), never the prompt itself: prompts carrying one of its tags,
 * in its category, or with one of its title words in their title. `rows`:
 * about how many prompts a tag's or title word's source finds.
 */
export type CandidateSource =
  | { readonly kind: 'tag'; readonly tag: string; readonly rows: number }
  | { readonly kind: 'category'; readonly category: string }
  | { readonly kind: 'title-word'; readonly word: string; readonly rows: number };

/**
 * The sources to read for a prompt: its category (one index range, always),
 * then its specific tags and title words, rarest first (ties: tags first,
 * then by name), each one the rows read so far leave room for within
 * SOURCE_ROW_BUDGET. A tag reads its count; a title word reads every title
 * containing it, inside longer words too (`titleWordReads`; its uses when
 * absent). A tag or word
 * no other visible prompt uses (count 1: the prompt's own) brings nothing.
 */
export function chooseSources(
  category: string,
  tagCounts: ReadonlyMap<string, number>,
  titleWordUses: ReadonlyMap<string, number>,
  titleWordReads: ReadonlyMap<string, number> = titleWordUses,
): CandidateSource[] {
  const signals = [
    ...[...tagCounts].map(([name, count]) => ({
      source: { kind: 'tag', tag: name, rows: count } as const,
      name,
      count,
      rows: count,
      order: 0,
    })),
    ...[...titleWordUses].map(([name, count]) => {
      const rows = Math.max(count, titleWordReads.get(name) ?? count);
      return { source: { kind: 'title-word', word: name, rows } as const, name, count, rows, order: 1 };
    }),
  ]
    .filter((signal) => signal.count >= 2 && signal.count <= SPECIFIC_MAX_USES)
    .sort((a, b) => a.count - b.count || a.order - b.order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const sources: CandidateSource[] = [{ kind: 'category', category }];
  let rows = 0;
  for (const signal of signals) {
    // Not a stop: a rarer word found inside many longer ones may not fit where a commoner tag still does.
    if (rows + signal.rows > SOURCE_ROW_BUDGET) continue;
    rows += signal.rows;
    sources.push(signal.source);
  }
  return sources;
}

/** What a prompt, or a candidate, offers to compare. */
export interface RelatedText {
  readonly id: string;
  readonly title: string;
  /** The prompt's text. */
  readonly text: string;
  readonly category: string;
  readonly tags: readonly string[];
  readonly likes: number;
}

/** The prompt whose related prompts are ranked, with how many visible titles use each of its title words. */
export interface RelatedTarget extends RelatedText {
  /** Visible titles using each of the target's title words (summary_keywords); a missing word counts as unused. */
  readonly titleWordUses: ReadonlyMap<string, number>;
}

export interface Scored<T extends RelatedText> {
  readonly candidate: T;
  readonly score: number;
}

/** The words of a text that may carry meaning: the title-word rule (4+ letters, no stop words), as a set. */
function wordSet(text: string): ReadonlySet<string> {
  return new Set(titleWords(text));
}

/**
 * The word sets of prompts' texts seen lately (titles, short, are split
 * again). The same candidates come back request after request (a category's
 * most liked prompts are candidates for every prompt in it), and splitting
 * their texts was a related read's largest cost in JavaScript (about 1 ms of
 * 6 at 100,000 prompts on a slow machine). A million characters is about
 * 2,000 of the generator's texts, a few megabytes with their sets.
 */
const textWordSets = createKeptWordSets(1_000_000, wordSet);

/** |a ∩ b| / |a ∪ b|: 0 for nothing in common, 1 for the same words. */
function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/**
 * Scores `candidates` against `target` and returns the best `limit`, highest
 * first; ties by likes (most first), then by id (code-unit order, highest
 * first: the list's own likes order). The target itself and duplicates are
 * dropped; candidates scoring 0 share nothing and are never related.
 */
export function rankRelated<T extends RelatedText>(target: RelatedTarget, candidates: Iterable<T>, limit: number): Scored<T>[] {
  const targetTags = new Set(target.tags);
  const targetTitleWords = [...wordSet(target.title)].map((word) => ({
    word,
    points: (target.titleWordUses.get(word) ?? 0) <= SPECIFIC_MAX_USES ? SPECIFIC_TITLE_WORD_POINTS : COMMON_TITLE_WORD_POINTS,
  }));
  const targetBody = textWordSets.get(target.text);

  const seen = new Set<string>([target.id]);
  const scored: Scored<T>[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.id)) continue;
    seen.add(candidate.id);
    const titleOf = wordSet(candidate.title);
    let score = 0;
    for (const tag of candidate.tags) if (targetTags.has(tag)) score += SHARED_TAG_POINTS;
    if (candidate.category === target.category) score += SAME_CATEGORY_POINTS;
    for (const { word, points } of targetTitleWords) if (titleOf.has(word)) score += points;
    score += BODY_OVERLAP_POINTS * jaccard(targetBody, textWordSets.get(candidate.text));
    if (score > 0) scored.push({ candidate, score });
  }
  return scored.sort(byScoreThenLikesThenId).slice(0, limit);
}

function byScoreThenLikesThenId<T extends RelatedText>(a: Scored<T>, b: Scored<T>): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.candidate.likes !== b.candidate.likes) return b.candidate.likes - a.candidate.likes;
  // Code-unit order, as SQLite compares text and PostgreSQL does under "C".
  return a.candidate.id < b.candidate.id ? 1 : a.candidate.id > b.candidate.id ? -1 : 0;
}
