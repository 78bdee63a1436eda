import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { SEPARATOR_MARK, reversed } from '../db/sqlite-functions';
import { ASCII_ONLY, type CountedMatches, firstCountedRowids, ftsPhrase, joinedCountedRowids } from './search';
import { guardedCandidateMatches } from './trigram-plan';

/**
 * SQLite: finding a needle of ASCII words through the index of the
 * prompts' words (prompt_words, migration 0021; decision 0028), before the
 * trigram plan (trigram-plan.ts).
 *
 * Wherever a prompt holds the needle, its words lie in consecutive words of
 * the index: the middle ones whole, the first as the end of a word ("xyz
 * questions" ends "questions"), the last as the start of one. The
 * vocabulary (search_vocabulary) lists the words a first word may end and a
 * last word may begin, and the needle is read as a phrase of each such
 * pair. A word's list holds only the prompts with that word, where a
 * trigram's holds those with any word containing it.
 *
 * The index reads each text with a mark (SEPARATOR_MARK) wherever its words
 * stand apart by anything but one space (migration 0022), so the phrase
 * holds the needle's marks too ("c++ tips" is read as "c \ue000 tips"), and
 * the words of a needle spaced plainly ("questions assistant") stand next to
 * each other only where one space parts them. Such a phrase finds exactly
 * the prompts holding the needle, read from the index alone; any other
 * phrase finds candidates, tested for the whole needle with LIKE as the
 * trigram plan tests its candidates, within a bound.
 *
 * A needle of one word with nothing around it lies inside one word of each
 * prompt holding it, so the prompts holding any vocabulary word containing
 * it are exactly its matches: they are read from the words' lists alone,
 * with no text tested. (A word of the index is a prompt's whole run of word
 * characters, at most 5,000 characters, within the 32 KB FTS5 keeps of a
 * word.)
 *
 * A first word that ends more than MAX_FIRST_WORDS words, or a last word
 * that begins more than MAX_LAST_WORDS ("a", "for"), is left out of the
 * phrase: the phrase still holds in every prompt holding the needle, but
 * may find many more. Such a phrase's candidates are bounded
 * (guardedCandidateMatches), as are those of a needle with other
 * separators than single spaces ("c++ tips": a mark stands for "++ " and
 * for ", " alike), and past the bound the trigram plan reads the needle
 * instead ("steps for": "steps" alone is in 355,913 of 1,000,000 prompts,
 * which took 1.1 s to test).
 */

/** The most vocabulary words a needle's first word may be the end of before it is left out of the phrase. */
const MAX_FIRST_WORDS = 8;

/** The most vocabulary words a needle's last word may be the start of before it is left out of the phrase. */
const MAX_LAST_WORDS = 4;

/**
 * The most vocabulary words a needle of one word may lie in before the
 * trigram index reads it instead: each is a list to read and merge.
 */
const MAX_CONTAINING_WORDS = 32;

/** The shortest needle of one word the vocabulary's trigram index can find words for. */
const MIN_CONTAINED_LENGTH = 3;

/**
 * The fewest candidates a bounded phrase (an end left out, or other
 * separators than single spaces) may find before the trigram plan reads
 * the needle instead.
 */
const MIN_GUARDED_CANDIDATES = 50;

/** A needle's words as the index cuts them (db/sqlite-functions.ts: asciiWords), in order. */
export interface NeedleWords {
  readonly words: readonly string[];
  /** Whether the first word may be the end of a longer word: the needle starts with it. */
  readonly firstMayBeEnd: boolean;
  /** Whether the last word may be the start of a longer word: the needle ends with it. */
  readonly lastMayBeStart: boolean;
  /**
   * Where the index holds a mark around the words of any prompt holding the
   * needle (wordIndexText): before the first word, between each two, and
   * after the last (one more than the words). A run of separators in the
   * needle other than one space lies in a run of the text that is no single
   * space either; a single space at an edge may be the end of a longer run,
   * so it marks nothing.
   */
  readonly marks: readonly boolean[];
}

/** An ASCII needle's words: its runs of ASCII letters and digits, which the index's tokenizer keeps whole. */
const NEEDLE_WORDS = /[a-z0-9]+/gi;

/** A character an ASCII needle's words are made of; every other ASCII character separates them. */
const NEEDLE_WORD_CHARACTER = /[a-z0-9]/i;

/**
 * The words of `needle`, when the word index may serve it: ASCII (the test
 * with LIKE folds ASCII case alone, as the tokenizer does) and with a word.
 */
export function needleWords(needle: string): NeedleWords | undefined {
  if (!ASCII_ONLY.test(needle)) return undefined;
  const found = [...needle.matchAll(NEEDLE_WORDS)];
  if (found.length === 0) return undefined;
  const runs = needle.split(NEEDLE_WORDS);
  return {
    words: found.map((match) => match[0].toLowerCase()),
    firstMayBeEnd: NEEDLE_WORD_CHARACTER.test(needle.charAt(0)),
    lastMayBeStart: NEEDLE_WORD_CHARACTER.test(needle.charAt(needle.length - 1)),
    marks: runs.map((run) => run !== '' && run !== ' '),
  };
}

/** Whether the needle is one word with nothing around it: it may lie anywhere inside a word. */
function isInsideWord({ words, firstMayBeEnd, lastMayBeStart }: NeedleWords): boolean {
  return words.length === 1 && firstMayBeEnd && lastMayBeStart;
}

/** Whether the needle is words with one space between each and nothing around them ("questions assistant"). */
function isPlainlySpaced({ firstMayBeEnd, lastMayBeStart, marks }: NeedleWords): boolean {
  return firstMayBeEnd && lastMayBeStart && !marks.includes(true);
}

/** The FTS5 query a needle's words are read with, and what its prompts are. */
export interface WordPhrasePlan {
  /** The phrases, joined by OR; undefined when no prompt can hold the needle (no word ends, begins or holds it as it must). */
  readonly match: string | undefined;
  /** Whether a word of the needle is left out of the phrases, which may then find many more prompts than hold it. */
  readonly wordLeftOut: boolean;
  /**
   * Whether the phrases' prompts are exactly the needle's, and need no
   * test: a needle of one word lies inside one word of a prompt wherever it
   * is, so the prompts holding a word that contains it are its matches; a
   * needle of words plainly spaced, none left out, stands in the index as
   * its phrases wherever a prompt holds it, and nowhere else.
   */
  readonly exact: boolean;
}

/**
 * The words each end of the needle may be: the words themselves when whole,
 * else the vocabulary's words ending or beginning with them (or, for a
 * needle of one word inside any, containing it: `first`), or undefined (the
 * word is left out) when more than the most allowed do.
 */
export interface EndChoices {
  readonly first: readonly string[] | undefined;
  readonly last: readonly string[] | undefined;
}

/**
 * The phrase query for `needle`'s words, and its marks, given the choices
 * for its ends; undefined when the phrase would hold no word (a needle of
 * two words, both left out, or of one word inside too many). A needle of
 * one word has one end: `first` (`last` is ignored).
 */
export function phrasePlan(needle: NeedleWords, { first, last }: EndChoices): WordPhrasePlan | undefined {
  const { words, marks } = needle;
  const ends = words.length === 1 ? [first] : [first, last];
  if (ends.some((choices) => choices?.length === 0)) return { match: undefined, wordLeftOut: false, exact: isInsideWord(needle) };
  const middle = words.slice(1, -1);
  if (middle.length === 0 && ends.every((choices) => choices === undefined)) return undefined;
  const wordLeftOut = ends.some((choices) => choices === undefined);
  const firsts = first ?? [undefined];
  const lasts = words.length === 1 ? [undefined] : (last ?? [undefined]);
  // The words in order with the marks around them; a left-out end leaves its marks, which every match still has.
  const phrase = (start: string | undefined, end: string | undefined) =>
    [start, ...middle, ...(words.length === 1 ? [] : [end])]
      .flatMap((word, index) => [marks[index] ? SEPARATOR_MARK : undefined, word])
      .concat(marks[words.length] ? SEPARATOR_MARK : undefined)
      .filter((token) => token !== undefined)
      .join(' ');
  const phrases = firsts.flatMap((start) => lasts.map((end) => ftsPhrase(phrase(start, end))));
  return { match: phrases.join(' OR '), wordLeftOut, exact: !wordLeftOut && (isInsideWord(needle) || isPlainlySpaced(needle)) };
}

/** The next string after every one starting with `prefix`, a word of ASCII letters and digits. */
function pastPrefix(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/** The vocabulary words found (the first `most + 1` read), or undefined when more than `most` were. */
function atMost(list: string | null | undefined, most: number): string[] | undefined {
  const words = JSON.parse(list ?? '[]') as string[];
  return words.length > most ? undefined : words;
}

/**
 * The choices for the needle's ends (EndChoices), with the vocabulary's
 * words read in one statement through its keys: the words, and each word
 * reversed, whose start is the word's end; for a needle of one word inside
 * any, the words' trigrams. Undefined when the needle is one word shorter
 * than a trigram.
 */
export async function endChoices(db: Kysely<Database>, needle: NeedleWords): Promise<EndChoices | undefined> {
  const firstWord = needle.words[0] ?? '';
  const lastWord = needle.words[needle.words.length - 1] ?? '';
  if (isInsideWord(needle)) {
    if (firstWord.length < MIN_CONTAINED_LENGTH) return undefined;
    const { rows } = await sql<{ words: string | null }>`SELECT json_group_array(word) AS words FROM (
      SELECT word FROM search_vocabulary_grams WHERE search_vocabulary_grams MATCH ${ftsPhrase(firstWord)} LIMIT ${MAX_CONTAINING_WORDS + 1})`.execute(
      db,
    );
    return { first: atMost(rows[0]?.words, MAX_CONTAINING_WORDS), last: undefined };
  }
  const endings = needle.firstMayBeEnd ? reversed(firstWord) : undefined;
  const beginnings = needle.lastMayBeStart ? lastWord : undefined;
  if (endings === undefined && beginnings === undefined) return { first: [firstWord], last: [lastWord] };
  const { rows } = await sql<{ endings: string | null; beginnings: string | null }>`SELECT
      ${
        endings === undefined
          ? null
          : sql`(SELECT json_group_array(word) FROM (SELECT word FROM search_vocabulary
        WHERE reversed >= ${endings} AND reversed < ${pastPrefix(endings)} LIMIT ${MAX_FIRST_WORDS + 1}))`
      } AS endings,
      ${
        beginnings === undefined
          ? null
          : sql`(SELECT json_group_array(word) FROM (SELECT word FROM search_vocabulary
        WHERE word >= ${beginnings} AND word < ${pastPrefix(beginnings)} LIMIT ${MAX_LAST_WORDS + 1}))`
      } AS beginnings`.execute(db);
  const first = endings === undefined ? [firstWord] : atMost(rows[0]?.endings, MAX_FIRST_WORDS);
  const last = beginnings === undefined ? [lastWord] : atMost(rows[0]?.beginnings, MAX_LAST_WORDS);
  // A needle of one word has one end to choose: the side it may reach past.
  if (needle.words.length === 1) return { first: endings === undefined ? last : first, last: undefined };
  return { first, last };
}

/**
 * Up to `limit` rowids of prompts, of any status, containing `needle`,
 * found through the word index, and how many there are, counted up to
 * `countTo` (firstCounted); undefined when the word index does not serve
 * the needle, or a phrase whose prompts are tested (a word left out, other
 * separators than single spaces) finds more than its bound (the caller
 * reads the trigram index instead).
 */
export async function wordPhraseMatches(
  db: Kysely<Database>,
  needle: string,
  limit: number,
  countTo = limit,
): Promise<CountedMatches<number> | undefined> {
  const words = needleWords(needle);
  const choices = words && (await endChoices(db, words));
  const plan = words && choices && phrasePlan(words, choices);
  if (!plan) return undefined;
  if (plan.match === undefined) return { ids: [], counted: 0 };
  if (plan.exact) {
    const { rows } = await firstCountedRowids(
      sql`SELECT rowid AS id FROM prompt_words WHERE prompt_words MATCH ${plan.match}`,
      limit,
      countTo,
    ).execute(db);
    return joinedCountedRowids(rows[0]);
  }
  const candidateLimit = Math.max(MIN_GUARDED_CANDIDATES, countTo);
  return guardedCandidateMatches(db, { index: sql`prompt_words`, match: plan.match, candidateLimit }, needle, limit, countTo);
}
