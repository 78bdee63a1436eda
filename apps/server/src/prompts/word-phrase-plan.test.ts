import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppCaches } from '../cache/app-caches';
import { localLibraryWrites } from '../cache/library-writes';
import { searchVocabularyMismatches } from '../fuzz/invariants';
import { seedSampleData } from '../db/seed';
import { insertBarePrompt } from '../testing/bare-prompt';
import { scannedRowids, titleWordRuns } from '../testing/scanned-matches';
import { type TestDatabase, createTestDatabase } from '../testing/test-database';
import { countPrompts, findMatches } from './read-repository';
import { createPromptsService } from './service';
import { SEPARATOR_MARK } from '../db/sqlite-functions';
import { needleWords, phrasePlan, wordPhraseMatches } from './word-phrase-plan';

describe("reading a needle's words as a phrase", () => {
  it('takes ASCII needles with a word, which ends may reach into longer words, and where other separators than one space stand', () => {
    expect(needleWords('Questions Assistant')).toEqual({
      words: ['questions', 'assistant'],
      firstMayBeEnd: true,
      lastMayBeStart: true,
      marks: [false, false, false],
    });
    // A single space at an edge may end a longer run of the text: no mark there.
    expect(needleWords(' c++ tips.')).toEqual({
      words: ['c', 'tips'],
      firstMayBeEnd: false,
      lastMayBeStart: false,
      marks: [false, true, true],
    });
    expect(needleWords('for  a')?.marks).toEqual([false, true, false]);
    expect(needleWords('estion')).toEqual({ words: ['estion'], firstMayBeEnd: true, lastMayBeStart: true, marks: [false, false] });
    expect(needleWords('-estion')).toEqual({ words: ['estion'], firstMayBeEnd: false, lastMayBeStart: true, marks: [true, false] });
    expect(needleWords('+++')).toBeUndefined();
    expect(needleWords('café crème')).toBeUndefined();
  });

  /** needleWords of an ASCII needle with a word. */
  const words = (needle: string) => needleWords(needle) ?? expect.fail(needle);

  it('reads a phrase for each pair of words the ends may be, exact for plainly spaced words with none left out', () => {
    expect(phrasePlan(words('plan for a'), { first: ['plan', 'xplan'], last: ['a', 'an'] })).toEqual({
      match: '"plan for a" OR "plan for an" OR "xplan for a" OR "xplan for an"',
      wordLeftOut: false,
      exact: true,
    });
    expect(phrasePlan(words('plan for a'), { first: ['plan'], last: undefined })).toEqual({
      match: '"plan for"',
      wordLeftOut: true,
      exact: false,
    });
    expect(phrasePlan(words('plan for a'), { first: undefined, last: undefined })).toEqual({
      match: '"for"',
      wordLeftOut: true,
      exact: false,
    });
  });

  it("holds the needle's marks, which leave it inexact, and keeps them beside an end left out", () => {
    expect(phrasePlan(words('c++ tips,'), { first: ['c', 'abc'], last: ['tips'] })).toEqual({
      match: `"c ${SEPARATOR_MARK} tips ${SEPARATOR_MARK}" OR "abc ${SEPARATOR_MARK} tips ${SEPARATOR_MARK}"`,
      wordLeftOut: false,
      exact: false,
    });
    expect(phrasePlan(words('a, big'), { first: undefined, last: ['big', 'bigger'] })).toEqual({
      match: `"${SEPARATOR_MARK} big" OR "${SEPARATOR_MARK} bigger"`,
      wordLeftOut: true,
      exact: false,
    });
    // Spaces at the edges mark nothing, but the needle is not plainly spaced: the text beside it is tested.
    expect(phrasePlan(words(' plan for '), { first: ['plan'], last: ['for'] })).toEqual({
      match: '"plan for"',
      wordLeftOut: false,
      exact: false,
    });
  });

  it('finds nothing when an end is no word, and has no phrase when only ends it leaves out remain', () => {
    expect(phrasePlan(words('steps for'), { first: [], last: ['for'] })).toEqual({ match: undefined, wordLeftOut: false, exact: false });
    expect(phrasePlan(words('steps for'), { first: undefined, last: undefined })).toBeUndefined();
    expect(phrasePlan(words('-estion'), { first: ['estionnaire'], last: undefined })).toEqual({
      match: `"${SEPARATOR_MARK} estionnaire"`,
      wordLeftOut: false,
      exact: false,
    });
    expect(phrasePlan(words('-estion'), { first: undefined, last: undefined })).toBeUndefined();
    // One word with nothing around it: the prompts holding any word that contains it are its matches.
    expect(phrasePlan(words('estion'), { first: ['question', 'questions'], last: undefined })).toEqual({
      match: '"question" OR "questions"',
      wordLeftOut: false,
      exact: true,
    });
  });
});

/** scannedRowids on a test database. */
const scanned = (database: TestDatabase, needle: string) => scannedRowids(database.db, needle);

/**
 * Prompts whose words make the plan's cases: a first word that ends longer
 * ones, a last word that begins them, words joined by other separators than
 * the needle's, a word that begins more words than the plan reads, and
 * sixty prompts holding "steps" beside words other than "for".
 */
describe('finding a needle through its words, on sqlite', () => {
  let database: TestDatabase;
  const texts = [
    { title: 'Questions assistant', prompt: 'An assistant for questions.' },
    { title: 'Xquestions assistants', prompt: 'Words that end and begin the needle.' },
    { title: 'Questions, assistant', prompt: 'A comma between the words is not the needle.' },
    { title: 'Questions  assistant', prompt: 'Two spaces are not the needle either.' },
    { title: 'C++ tips', prompt: 'Tips for C++ and c-- tips, C++ TIPS in capitals.' },
    { title: 'Steps for all', prompt: 'steps for, steps form, steps format, steps fort, steps forward, steps forum' },
    { title: 'Hidden plan for a trip', prompt: 'A plan for a trip, hidden by moderation.' },
    { title: 'Café questions assistant', prompt: 'Non-ASCII words: café questions assistant, naïve' },
    // The Kelvin sign, which the vocabulary's trigram index folds to "k" and LIKE does not.
    { title: 'Keynote', prompt: 'A list of keynotes.' },
    { title: 'Kelvin', prompt: 'A \u212aeynote speech.' },
  ];
  const STEPS_ELSEWHERE = 60;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const caches = createAppCaches();
    const library = createPromptsService(database, caches, localLibraryWrites(caches));
    for (const row of texts) await library.create({ ...row, category: 'Writing', model: 'o3', tags: [] });
    for (let index = 0; index < STEPS_ELSEWHERE; index += 1) {
      await library.create({
        title: `Steps ${index}`,
        prompt: `The steps to take, in order: steps of ${index}.`,
        category: 'Writing',
        model: 'o3',
        tags: [],
      });
    }
    await sql`UPDATE prompts SET status = 'hidden' WHERE title = 'Hidden plan for a trip'`.execute(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('finds what a scan finds, through the word index', async () => {
    const needles = [
      'questions assistant',
      'QUESTIONS ASSISTANT',
      'estions assist',
      'questions assistant.',
      'questions, assistant',
      'questions  assistant',
      'estions,',
      ' assistant',
      'c-- tips',
      'tips, c',
      'c++ tips',
      'c++ tips,',
      'plan for a',
      'cafe questions',
      'café questions',
      'questions assistant, naïve',
      'zebra questions',
      'steps fo',
      'estion',
      'ASSIST',
      'keynot',
      'zyxq',
    ];
    for (const needle of needles) {
      const expected = await scanned(database, needle);
      const byWords = needleWords(needle) && (await wordPhraseMatches(database.db, needle, 100));
      // Not vacuous: each ASCII needle of words is found through the word index itself.
      if (needleWords(needle)) expect(byWords?.ids, needle).toEqual(expected);
      // Asked for one, it counts them all.
      if (needleWords(needle)) expect((await wordPhraseMatches(database.db, needle, 1, 100))?.counted, needle).toBe(expected.length);
      const { list } = await findMatches(database.db, 'sqlite', needle, 100);
      expect(
        [...(list?.matches ?? [])].sort((a, b) => Number(a) - Number(b)),
        needle,
      ).toEqual(expected);
      expect(await countPrompts(database.db, 'sqlite', { q: needle }, list), needle).toBe(
        await countPrompts(database.db, 'sqlite', { q: needle }, 'scan'),
      );
    }
    // The first title, "Xquestions assistants" and the café prompt; the comma, the two spaces and the reversed order are not it.
    expect(await scanned(database, 'questions assistant')).toHaveLength(3);
    expect(await scanned(database, 'estions assist')).toEqual(await scanned(database, 'questions assistant'));
    expect(await scanned(database, 'c++ tips')).toHaveLength(1);
    expect(await scanned(database, 'plan for a')).toHaveLength(1);
    expect(await scanned(database, 'zebra questions')).toEqual([]);
    // "Questions" in the first four titles and the café one; "keynot" in the keynotes' prompt, not in the Kelvin sign's.
    expect(await scanned(database, 'estion')).toHaveLength(5);
    expect(await scanned(database, 'keynot')).toHaveLength(1);
  });

  it('gives way to the trigram index when a phrase with a word left out finds more prompts than its bound', async () => {
    // "for" begins "for", "form", "format", "fort", "forward" and "forum", more than the plan reads: "steps"
    // alone is read, and found in 61 prompts, more than the bound of 50 when 10 are asked for.
    expect(await wordPhraseMatches(database.db, 'steps for', 5, 10)).toBeUndefined();
    const matches = await wordPhraseMatches(database.db, 'steps for', 100);
    const expected = await scanned(database, 'steps for');
    expect(expected).toHaveLength(1);
    expect(matches?.ids).toEqual(expected);
    const { list } = await findMatches(database.db, 'sqlite', 'steps for', 5, 10);
    expect(list?.matches).toEqual(expected);
  });

  it('finds the words of a prompt shared a moment ago, kept in the vocabulary by its write', async () => {
    const caches = createAppCaches();
    const library = createPromptsService(database, caches, localLibraryWrites(caches));
    expect((await wordPhraseMatches(database.db, 'zyxwvut questions', 100))?.ids).toEqual([]);
    await library.create({ title: 'Prefixzyxwvut questionsuffix', prompt: 'New words.', category: 'Writing', model: 'o3', tags: [] });
    const expected = await scanned(database, 'zyxwvut questions');
    expect(expected).toHaveLength(1);
    expect((await wordPhraseMatches(database.db, 'zyxwvut questions', 100))?.ids).toEqual(expected);
    expect(await searchVocabularyMismatches(database.db)).toEqual([]);
  });
});

/**
 * Needles the word index serves only within bounds: one word inside more
 * vocabulary words than the plan reads ("zork" in 33 "zorkN" words and
 * "kzorkian"), one that the Kelvin sign's 33 words would hold only if the
 * vocabulary's trigram index folded it to "k" ("kzork"), and words joined
 * by other separators than the needle's in more prompts than the bound.
 */
describe('the bounds of the word index, on sqlite', () => {
  let database: TestDatabase;
  const WORDS = 33;
  const SEPARATED = 60;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    const caches = createAppCaches();
    const library = createPromptsService(database, caches, localLibraryWrites(caches));
    const create = (title: string, prompt: string) => library.create({ title, prompt, category: 'Writing', model: 'o3', tags: [] });
    for (let index = 0; index < WORDS; index += 1) {
      await create(`Kelvin ${index}`, `A \u212azork${index} reading.`);
      await create(`Zork ${index}`, `A zork${index} reading.`);
    }
    await create('The real one', 'A kzorkian word.');
    for (let index = 0; index < SEPARATED; index += 1) await create(`Separated ${index}`, 'Tips on c - tips.');
    await create('C++', 'Some c++ tips.');
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('reads a word inside few vocabulary words through them, the Kelvin sign taken for no "k"', async () => {
    const expected = await scanned(database, 'kzork');
    expect(expected).toHaveLength(1);
    expect((await wordPhraseMatches(database.db, 'kzork', 100))?.ids).toEqual(expected);
  });

  it('gives way to the trigram index for a word inside more vocabulary words than it reads', async () => {
    expect(await wordPhraseMatches(database.db, 'zork', 100)).toBeUndefined();
    const expected = await scanned(database, 'zork');
    // Every "zorkN" prompt, the Kelvin sign's (which hold "zork" as LIKE sees it) and "kzorkian".
    expect(expected).toHaveLength(2 * WORDS + 1);
    const { list } = await findMatches(database.db, 'sqlite', 'zork', 100);
    expect(list?.matches).toEqual(expected);
  });

  it("bounds the prompts holding a needle's words when other separators than single spaces join them", async () => {
    // "c - tips" holds the words of "c++ tips" one after the other: 61 prompts, more than the bound of 50.
    expect(await wordPhraseMatches(database.db, 'c++ tips', 5, 10)).toBeUndefined();
    const expected = await scanned(database, 'c++ tips');
    expect(expected).toHaveLength(1);
    expect((await wordPhraseMatches(database.db, 'c++ tips', 100))?.ids).toEqual(expected);
    const { list } = await findMatches(database.db, 'sqlite', 'c++ tips', 5, 10);
    expect(list?.matches).toEqual(expected);
  });
});

/**
 * On a real library: the bundled sample prompts, searched for the bench's
 * kind of needle (two or three consecutive words of a title, cut anywhere in
 * the first and last), give what a scan gives.
 */
describe('the word phrases on the sample library, on sqlite', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    await seedSampleData(database.db);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('finds what a scan finds for words of every title', async () => {
    const needles = new Set<string>();
    for (const { titleIndex, words, needle } of await titleWordRuns(database.db)) {
      // Cut into the first and last words of some: the ends then only end and begin words of the index.
      needles.add(titleIndex % 3 === 0 ? needle.slice(1, -1) : needle);
      // And one word, cut inside.
      for (const word of words) if (word.length >= 5) needles.add(word.slice(1, -1));
    }
    let byWords = 0;
    let leftToTrigrams = 0;
    for (const needle of needles) {
      const expected = await scanned(database, needle);
      const found = await wordPhraseMatches(database.db, needle, 10_000);
      if (found) {
        byWords += 1;
        expect(found.ids, needle).toEqual(expected);
      } else if (needleWords(needle)) leftToTrigrams += 1;
      const { list } = await findMatches(database.db, 'sqlite', needle, 10_000);
      expect(
        [...(list?.matches ?? [])].sort((a, b) => Number(a) - Number(b)),
        needle,
      ).toEqual(expected);
    }
    // Not vacuous: most needles are read through their words.
    expect(byWords).toBeGreaterThan(needles.size / 2);
    expect(leftToTrigrams).toBeLessThan(needles.size / 10);
  }, 120_000);
});

/**
 * Random texts of a few words, in either case, joined by every kind of run
 * the index marks or not (one space, two, punctuation, a line break), with
 * characters past ASCII beside them and the mark itself in the text, and
 * needles cut from them anywhere: what the word index finds is what a scan
 * finds, through the exact phrases and the tested ones alike.
 */
describe('the word index on random texts, on sqlite', () => {
  let database: TestDatabase;
  const WORDS = ['road', 'Road', 'trip', 'TRIP', 'roadtrip', 'ab', 'x1', 'tips'];
  const SEPARATORS = [' ', ' ', ' ', '  ', ', ', '-', '\n', '.', ' - ', '++ ', SEPARATOR_MARK, ` ${SEPARATOR_MARK} `, 'é', ' é ', 'café '];
  const part = fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...SEPARATORS));
  const texts = fc.sample(
    fc.array(part, { minLength: 1, maxLength: 14 }).map((parts) => parts.join('')),
    { numRuns: 80, seed: 30 },
  );
  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    for (const [index, text] of texts.entries())
      await insertBarePrompt(database.db, `random${index}`, texts[(index + 1) % texts.length] ?? '', text);
  }, 60_000);
  afterAll(async () => {
    await database.close();
  });

  it('finds what a scan finds for needles cut anywhere', async () => {
    const cuts = fc.sample(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 2, max: 24 })), { numRuns: 400, seed: 30 });
    let served = 0;
    for (const [which, from, length] of cuts) {
      const text = texts[which % texts.length] ?? '';
      const start = from % text.length;
      const needle = text.slice(start, start + length);
      const found = await wordPhraseMatches(database.db, needle, 1000);
      if (found === undefined) continue;
      served += 1;
      expect(found.ids, JSON.stringify(needle)).toEqual(await scanned(database, needle));
    }
    // Not vacuous: a quarter of the needles cut anywhere are read through the word index (125 of 400), the others
    // too short, past ASCII, or of separators alone.
    expect(served).toBeGreaterThan(cuts.length / 4);
  });
});
