import { CompiledQuery, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORD_LENGTH, WORD_STEP } from '../db/migrations/0011-search-words';
import type { Database } from '../db/schema';
import { type TestDatabase, createTestDatabase } from '../testing/test-database';
import { likePattern } from './search';
import {
  COMMON_NEEDLE,
  MAX_WORDS_PER_NEEDLE,
  PREFIX_PAIR_MAX_PROMPTS,
  countByPhrasePairs,
  countByWords,
  firstMatchesByPhraseWords,
  keptWordFound,
  matchListByWords,
  phraseMatchesStatement,
  phraseRuns,
  wordIndexServes,
} from './word-search';

/**
 * A run of letters and digits longer than several word pieces, from a fixed
 * pseudo-random sequence (not a repeating pattern, which would hold every
 * needle cut across a piece's edge again inside one piece).
 */
const LONG_RUN = (() => {
  let state = 7;
  return Array.from({ length: 4 * WORD_LENGTH + 7 }, () => {
    state = (state * 48_271) % 2_147_483_647;
    return 'abcdefghijklmnopqrstuvwxyz0123456789'[state % 36];
  }).join('');
})();

/** Texts where a word's edge is easy to get wrong: other scripts, case that lower() changes, joiners, digits. */
const CORPUS: [string, string][] = [
  ['Crème BRÛLÉE with_underscores', 'Write WITHOUT fuss; withhold nothing.'],
  ['\u212Aelvin scale', 'The Kelvin sign lower-cases to a plain k.'],
  ['İstanbul guide', 'naïve café notes, straße, Ångström'],
  ['Digits x2y3', 'Order 0042 and v1.2.3 of model-x9'],
  ['Long token', `key=${LONG_RUN}; end`],
  ['Hidden twin', 'with a secret word: zanzibar'],
  ['Practice set about fractions', 'A malpractice set, about-face and set-about: practice setabout never.'],
  ['Meal plan', 'A weekly meal planner for a meal plan; oatmeal plans too. Meal\nplan on two lines.'],
  // "meal plans" and "cheap oat" lie here only, inside "oatmeal": in a word's end, and a word's start, that are not whole words.
  ['Breakfast', 'Cheap oatmeal plans for students.'],
  // "boat" ends with "oat": a word's start looked up as a word's end would find only this prompt for "cheap oat".
  ['Harbour', 'A boat, a meal and a plan.'],
  // A run too long to look up between two that are: "alpha" and "omega" are not neighbours in the needle below.
  ['Skipped run', `Say alpha ${'q'.repeat(35)} omega beta.`],
];

/** Phrases the words must serve (firstMatchesByPhraseWords), not leave to the trigram index: runs at a word's end or start, separators, long words' pieces. */
const NARROWED_PHRASES = [
  'practice set, about',
  'meal plans',
  'cheap oat',
  'meal plan;',
  'meal\nplan',
  'fractions a malpractice',
  `key=${LONG_RUN.slice(0, 20)}`,
  `${LONG_RUN.slice(-20)}; end`,
  // A run too short to look up at the needle's end: the start of the second word of the pair it makes with the
  // run before it, a word's end or a whole word.
  'meal p',
  'a meal p',
  `${LONG_RUN.slice(-25)}; en`,
  // The same beside a pair of whole words, which narrows alone.
  'with a s',
];

/**
 * Needles of several words, each a case the phrase path must get right: a
 * run at the needle's start found at a word's end ("malpractice"), at its
 * end at a word's start ("planner"), a whole word in the middle, separators
 * other than spaces, runs that lower() would not keep ASCII, a run that
 * spans title and text, and runs in pieces of the long word.
 */
const PHRASES = [
  ...NARROWED_PHRASES,
  'practice set about',
  'PRACTICE SET',
  'set about',
  'set-about',
  'about-face and',
  'actice set ab',
  'ice set abo',
  'meal plan',
  'meal plann',
  'eal plan',
  'atmeal plans',
  ' meal plan',
  'for a meal',
  'a meal plan',
  'with a secret',
  'word: zanzibar',
  'secret word: zanzib',
  'x2y3 guide',
  'order 0042 and',
  'v1.2.3 of',
  'model-x9',
  '\u212Aelvin scale',
  'kelvin scale',
  'İstanbul guide',
  'istanbul guide',
  'café notes',
  'no such phrase',
  `alpha ${'q'.repeat(35)} omega`,
  `alpha ${'q'.repeat(35)} omegas`,
  'fractions a',
  'meal\np',
  'boat, a m',
  `=${LONG_RUN.slice(0, 40)}`,
];

/** Needles cut from the long run around its pieces' edges, of the lengths the word index serves and one it does not. */
function longRunNeedles(): string[] {
  const needles: string[] = [];
  for (const edge of [0, WORD_STEP, 2 * WORD_STEP, 3 * WORD_STEP, 4 * WORD_STEP, LONG_RUN.length - WORD_STEP - 1]) {
    for (const start of [edge - 2, edge - 1, edge, edge + 1]) {
      for (const length of [3, 10, WORD_STEP, WORD_STEP + 1, WORD_STEP + 2]) {
        if (start >= 0 && start + length <= LONG_RUN.length) needles.push(LONG_RUN.slice(start, start + length));
      }
    }
  }
  return needles;
}

const NEEDLES = [
  'with',
  'WITH',
  'with_',
  'out',
  'hold',
  'underscores',
  'kelvin',
  'elvin',
  'k',
  'istanbul',
  'stanbul',
  'caf',
  'cafe',
  'na',
  'stra',
  'ngstr',
  'x2y3',
  '0042',
  '2',
  'x9',
  'zanzibar',
  'absent',
  ...longRunNeedles(),
];

describe.skipIf(!process.env.TEST_DATABASE_URL)('the word index on postgres (migration 0011)', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let serial = 0;

  const insert = (title: string, prompt: string, status = 'visible') => {
    serial += 1;
    return sql`INSERT INTO prompts (id, title, prompt, category, model, status, created_at)
      VALUES (${`w${String(serial).padStart(4, '0')}`}, ${title}, ${prompt}, 'Writing', 'o3', ${status}, '2026-11-01T00:00:00.000Z')`.execute(
      db,
    );
  };
  /** The prompts, of any status, the spec's search finds: a case-insensitive substring of the title or the text. */
  const scannedIds = async (needle: string) => {
    const pattern = likePattern(needle);
    const { rows } = await sql<{ id: string }>`SELECT id FROM prompts WHERE title ILIKE ${pattern} OR prompt ILIKE ${pattern}`.execute(db);
    return rows.map((row) => row.id).sort();
  };
  const scanned = async (needle: string) => (await scannedIds(needle)).length;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = database.db;
    for (const [title, prompt] of CORPUS) await insert(title, prompt, title === 'Hidden twin' ? 'hidden' : 'visible');
  });
  afterAll(async () => {
    await database.close();
  });

  it('serves needles of ASCII letters and digits short enough to lie in one word piece, on PostgreSQL only', () => {
    expect(wordIndexServes('postgres', 'With2')).toBe(true);
    expect(wordIndexServes('postgres', 'x'.repeat(WORD_STEP + 1))).toBe(true);
    expect(wordIndexServes('postgres', 'x'.repeat(WORD_STEP + 2))).toBe(false);
    for (const needle of ['with_', 'two words', 'café', '\u212Aelvin', '', 'v1.2'])
      expect(wordIndexServes('postgres', needle), needle).toBe(false);
    expect(wordIndexServes('sqlite', 'with')).toBe(false);
  });

  it('counts every needle it serves exactly as a scan of the texts does', async () => {
    let served = 0;
    for (const needle of NEEDLES) {
      if (!wordIndexServes('postgres', needle)) continue;
      served += 1;
      expect(await countByWords(db, needle), needle).toBe(await scanned(needle));
    }
    // Most needles are served, and the corpus finds them: a count of 0 everywhere would not prove much.
    expect(served).toBeGreaterThan(NEEDLES.length * 0.7);
    expect(await countByWords(db, 'with')).toBe(2);
    expect(await countByWords(db, LONG_RUN.slice(WORD_STEP - 1, 2 * WORD_STEP))).toBe(1);
  });

  it('finds the words of prompts shared later, and of a text changed after it was shared', async () => {
    expect(await countByWords(db, 'quokka')).toBe(0);
    await insert('Quokka facts', 'Small and friendly.');
    expect(await countByWords(db, 'quokka')).toBe(1);
    expect(await countByWords(db, 'okk')).toBe(1);
    await sql`UPDATE prompts SET prompt = 'Now about a wombat.' WHERE title = 'Quokka facts'`.execute(db);
    expect(await countByWords(db, 'wombat')).toBe(1);
    expect(await countByWords(db, 'friendly')).toBe(0);
  });

  it("lists a needle's matches under the limit, and knows a common one from its words' counts without reading it", async () => {
    expect(await matchListByWords(db, 'WITH', 3)).toHaveLength(2);
    expect(await matchListByWords(db, 'with', 2)).toBe(COMMON_NEEDLE);
    expect(await matchListByWords(db, 'absent', 2)).toEqual([]);
    // search_words says "zanzibar" was in 100 prompts: a list of 50 is not read, though only one prompt holds it.
    await sql`UPDATE search_words SET prompts = 100 WHERE word = 'zanzibar'`.execute(db);
    expect(await matchListByWords(db, 'zanzib', 50)).toBe(COMMON_NEEDLE);
    expect(await matchListByWords(db, 'zanzib', 101)).toHaveLength(1);
  });

  it('leaves a needle inside too many words to the trigram index', async () => {
    const many = Array.from({ length: MAX_WORDS_PER_NEEDLE + 1 }, (_, index) => `qz${index}`).join(' ');
    await insert('Many words', many);
    expect(await countByWords(db, 'qz')).toBeUndefined();
    expect(await countByWords(db, 'qz1000')).toBe(1);
    expect(await matchListByWords(db, 'qz', 10)).toBeUndefined();
    expect(await keptWordFound(db, 'qz')).toBeUndefined();
  });

  it('finds a phrase through its words exactly as a scan of the texts does', async () => {
    let narrowed = 0;
    let found = 0;
    for (const needle of PHRASES) {
      const ids = (await firstMatchesByPhraseWords(db, needle, 100))?.ids;
      if (ids === undefined) continue;
      narrowed += 1;
      const expected = await scannedIds(needle);
      if (expected.length > 0) found += 1;
      expect([...ids].sort(), needle).toEqual(expected);
    }
    // These must go through the words: a fall-back to the trigram index would pass the comparison unseen.
    for (const needle of NARROWED_PHRASES) expect((await firstMatchesByPhraseWords(db, needle, 100))?.ids, needle).toBeDefined();
    // Counted through the pairs when two neighbouring runs narrow it, the same as the scan (hidden prompts too).
    let counted = 0;
    for (const needle of PHRASES) {
      const count = await countByPhrasePairs(db, needle);
      if (count === undefined) continue;
      counted += 1;
      expect(count, needle).toBe(await scanned(needle));
    }
    expect(counted).toBeGreaterThan(PHRASES.length * 0.5);
    // Each of these has two runs side by side that make few pairs: counted through them, not left to trigrams.
    for (const needle of NARROWED_PHRASES) expect(await countByPhrasePairs(db, needle), needle).toBeDefined();
    expect(await countByPhrasePairs(db, 'with a secret')).toBe(1);
    // No two runs side by side: nothing to count by.
    expect(await countByPhrasePairs(db, `alpha ${'q'.repeat(35)} omega`)).toBeUndefined();
    // Most phrases go through the words, and most of those find a prompt.
    expect(narrowed).toBeGreaterThan(PHRASES.length * 0.7);
    expect(found).toBeGreaterThan(narrowed * 0.6);
    // The list stops at its limit.
    await insert('Limit phrase one', 'a limit phrase here');
    await insert('Limit phrase two', 'another limit phrase');
    expect((await firstMatchesByPhraseWords(db, 'limit phrase', 100))?.ids).toHaveLength(2);
    expect((await firstMatchesByPhraseWords(db, 'limit phrase', 1))?.ids).toHaveLength(1);
  });

  /** The plan of a phrase's statement as it ran, with indexes preferred: the test's library is a few rows, which a sequential scan reads as cheaply. */
  const phrasePlan = (needle: string) =>
    db.connection().execute(async (connection) => {
      await sql`SET enable_seqscan = off`.execute(connection);
      try {
        const compiled = phraseMatchesStatement(connection, needle, 100);
        if (compiled === undefined) throw new Error(`"${needle}" should be narrowed by its words`);
        const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${compiled.sql}`, [...compiled.parameters]),
        );
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await sql`RESET enable_seqscan`.execute(connection);
      }
    });
  const PAIRS_NOT_READ = /Bitmap Index Scan on prompt_search_word_pairs_idx \(never executed\)/;
  const WORDS_NOT_READ = /Bitmap Index Scan on prompt_search_words_idx \(never executed\)/;

  it('tests only the prompts where neighbouring runs stand as a word pair, not every prompt holding their words', async () => {
    // "Harbour" holds "a meal and a plan": both words, apart. "meal plan" stands for the pairs (meal | oatmeal)
    // then (plan | planner | plans), which two prompts hold; the words' query is never run.
    const plan = await phrasePlan('meal plan');
    expect(plan).toMatch(/Bitmap Index Scan on prompt_search_word_pairs_idx \(actual rows=2(\.00)? loops=1\)/);
    expect(plan).toMatch(WORDS_NOT_READ);
    expect((await firstMatchesByPhraseWords(db, 'meal plan', 100))?.ids).toEqual(await scannedIds('meal plan'));
    // A start shared by too many words makes too many pairs with its neighbour: the words alone narrow.
    const many = Array.from({ length: 70 }, (_, index) => `qzpair${index}`).join(' zqfixed ');
    await insert('Many pairs', `zqfixed ${many}`);
    expect(await phrasePlan('zqfixed qzpair')).toMatch(PAIRS_NOT_READ);
    expect(await phrasePlan('zqfixed qzpair')).not.toMatch(WORDS_NOT_READ);
    expect((await firstMatchesByPhraseWords(db, 'zqfixed qzpair', 100))?.ids).toHaveLength(1);
    // Counting by the words alone could test many times the matches: left to the trigram index.
    expect(await countByPhrasePairs(db, 'zqfixed qzpair')).toBeUndefined();
    expect(await countByPhrasePairs(db, 'zqfixed qzpair6')).toBe(1);
    // "qzpair6" starts 11 words: 11 pairs with "zqfixed".
    expect(await phrasePlan('zqfixed qzpair6')).toMatch(WORDS_NOT_READ);
    expect((await firstMatchesByPhraseWords(db, 'zqfixed qzpair6', 100))?.ids).toHaveLength(1);
    expect((await firstMatchesByPhraseWords(db, 'qzpair6 qzpair', 100))?.ids).toEqual([]);
    // The limit itself: 64 words starting with "qzedge" make 64 pairs with "zqedge"; one more word, too many.
    const edgeWords = Array.from({ length: 64 }, (_, index) => `qzedge${index}`);
    await insert('Edge pairs', `zqedge ${edgeWords.join(' zqedge ')}`);
    expect(await phrasePlan('zqedge qzedge')).toMatch(WORDS_NOT_READ);
    await insert('One word more', 'qzedge64');
    expect(await phrasePlan('zqedge qzedge')).toMatch(PAIRS_NOT_READ);
    expect((await firstMatchesByPhraseWords(db, 'zqedge qzedge', 100))?.ids).toHaveLength(1);
  });

  it('narrows a phrase ending in a run too short to look up by the pairs that start with it', async () => {
    // "meal p" asks for the pairs starting "meal p" or "oatmeal p": "Meal plan" (planner, plan) and "Breakfast"
    // (oatmeal plans), not "Harbour" (a meal and a plan), whose "meal" every prompt holding the word would add.
    const plan = await phrasePlan('meal p');
    expect(plan).toMatch(/Bitmap Index Scan on prompt_search_word_pairs_idx \(actual rows=2(\.00)? loops=1\)/);
    expect(plan).toMatch(WORDS_NOT_READ);
    const expected = await scannedIds('meal p');
    expect(expected).toHaveLength(2);
    expect([...((await firstMatchesByPhraseWords(db, 'meal p', 100))?.ids ?? [])].sort()).toEqual(expected);
    expect(await countByPhrasePairs(db, 'meal p')).toBe(2);
    // Words before the prefix held by more prompts than an exact bitmap keeps: the words alone narrow, and the
    // pairs' index is not read. "meal" and "oatmeal" end in "meal"; search_words' counts steer the plan.
    const oatmeal = await sql<{ prompts: number }>`SELECT prompts FROM search_words WHERE word = 'oatmeal'`.execute(db);
    const meal = await sql<{ prompts: number }>`SELECT prompts FROM search_words WHERE word = 'meal'`.execute(db);
    const setMeal = (prompts: number) => sql`UPDATE search_words SET prompts = ${prompts} WHERE word = 'meal'`.execute(db);
    const kept = PREFIX_PAIR_MAX_PROMPTS - (oatmeal.rows[0]?.prompts ?? 0);
    await setMeal(kept);
    expect(await phrasePlan('meal p')).toMatch(WORDS_NOT_READ);
    await setMeal(kept + 1);
    expect(await phrasePlan('meal p')).toMatch(PAIRS_NOT_READ);
    expect([...((await firstMatchesByPhraseWords(db, 'meal p', 100))?.ids ?? [])].sort()).toEqual(expected);
    expect(await countByPhrasePairs(db, 'meal p')).toBeUndefined();
    await setMeal(meal.rows[0]?.prompts ?? 1);
    // Beside a pair of whole words the prefix is not asked for: "meal plan; o" reads the two prompts holding
    // "meal plan", not only the one that also holds a pair starting "plan o".
    await insert('Plan then', 'A meal plan; then rest.');
    expect(await phrasePlan('meal plan; o')).toMatch(/Bitmap Index Scan on prompt_search_word_pairs_idx \(actual rows=2(\.00)? loops=1\)/);
    expect((await firstMatchesByPhraseWords(db, 'meal plan; o', 100))?.ids).toEqual(await scannedIds('meal plan; o'));
    expect(await scanned('meal plan; o')).toBe(1);
    // The title ends in "fractions" and the text starts with "A": a prefix's pair, like any other, lies within one.
    expect(await countByPhrasePairs(db, 'fractions a')).toBe(0);
    // A run before it that ends too many words makes too many pairs: nothing narrows, and the prefix is no word
    // a prompt must hold ("zqtail z" lies in "e3zqtail zq").
    await insert('Many ends', Array.from({ length: 70 }, (_, index) => `e${index}zqtail zq`).join(' '));
    expect(await scannedIds('zqtail z')).toHaveLength(1);
    expect(await firstMatchesByPhraseWords(db, 'zqtail z', 100)).toBeUndefined();
    expect(await countByPhrasePairs(db, 'zqtail z')).toBeUndefined();
  });

  it("prepares a short phrase's statement and answers the same through its generic plan", async () => {
    // One connection: prepared statements, and the plans PostgreSQL keeps for them, are each connection's own.
    await db.connection().execute(async (connection) => {
      // Whether PostgreSQL keeps one plan for every value depends on its estimates: forced here, so the
      // answers below come from that generic plan whatever the test library's statistics say.
      await sql`SET plan_cache_mode = force_generic_plan`.execute(connection);
      try {
        // " meal plan" and "x meal plan" have the same places (a whole word, then a word's start) at other
        // positions: one statement for both, its positions values like the rest.
        for (let round = 0; round < 3; round += 1) {
          for (const needle of [...NARROWED_PHRASES, ' meal plan', 'x meal plan']) {
            expect(
              [...((await firstMatchesByPhraseWords(connection, needle, 100))?.ids ?? [])].sort(),
              `${needle}, round ${round}`,
            ).toEqual(await scannedIds(needle));
            expect(await countByPhrasePairs(connection, needle), `${needle}, round ${round}`).toBe(await scanned(needle));
          }
        }
        const { rows } = await sql<{ name: string; generic_plans: number }>`
          SELECT name, generic_plans FROM pg_prepared_statements WHERE name LIKE 'phrase-%'`.execute(connection);
        // "meal plans" has a run at each end: the word's end, then the word's start.
        expect(rows.find((row) => row.name === 'phrase-words-es')?.generic_plans).toBeGreaterThan(0);
        expect(rows.find((row) => row.name === 'phrase-count-es')?.generic_plans).toBeGreaterThan(0);
        expect(rows.find((row) => row.name === 'phrase-count-ws')?.generic_plans).toBeGreaterThan(0);
        // A phrase of more runs than are prepared is planned each time.
        expect((await firstMatchesByPhraseWords(connection, 'weekly meal planner for a meal', 100))?.ids).toHaveLength(1);
        const { rows: after } = await sql<{ name: string }>`SELECT name FROM pg_prepared_statements`.execute(connection);
        expect(after.map((row) => row.name).filter((name) => name.length > 'phrase-words-'.length + 4)).toEqual([]);
      } finally {
        // The connection goes back to the test's pool: planning as usual, whatever failed above.
        await sql`RESET plan_cache_mode`.execute(connection);
      }
    });
  });

  it('looks a phrase up by the runs that narrow it, and leaves the rest to the trigram index', async () => {
    expect(phraseRuns('postgres', 'practice set about')).toEqual([
      { run: 'practice', place: 'end', position: 0 },
      { run: 'set', place: 'whole', position: 1 },
      { run: 'about', place: 'start', position: 2 },
    ]);
    // Short at the needle's start, or longer than a word piece: not looked up, though still counted in the
    // positions. Short at its end: a prefix of the pair it makes with the run before it, if that run is kept.
    expect(phraseRuns('postgres', 'a plan for a')).toEqual([
      { run: 'plan', place: 'whole', position: 1 },
      { run: 'for', place: 'whole', position: 2 },
      { run: 'a', place: 'prefix', position: 3 },
    ]);
    expect(phraseRuns('postgres', 'about a')).toEqual([
      { run: 'about', place: 'end', position: 0 },
      { run: 'a', place: 'prefix', position: 1 },
    ]);
    expect(phraseRuns('postgres', `set ${'x'.repeat(31)}`)).toEqual([{ run: 'set', place: 'end', position: 0 }]);
    expect(phraseRuns('postgres', `set ${'x'.repeat(31)} ab`)).toEqual([{ run: 'set', place: 'end', position: 0 }]);
    expect(phraseRuns('postgres', 'x ab')).toEqual([]);
    // A single word is the word path's, text beyond ASCII the trigram index's, and SQLite has no word index.
    for (const needle of ['meal', 'x'.repeat(40), 'café notes', 'a b', '...']) expect(phraseRuns('postgres', needle), needle).toEqual([]);
    expect(phraseRuns('sqlite', 'meal plan')).toEqual([]);
    expect((await firstMatchesByPhraseWords(db, 'a b', 10))?.ids).toBeUndefined();
    // "with", "a" and "secret" stand for a word or two each: narrowed by all three.
    expect((await firstMatchesByPhraseWords(db, 'with a secret', 10))?.ids).toHaveLength(1);
    const many = Array.from({ length: 12 }, (_, index) => `qzword${index}`).join(' ');
    await insert('Many qz words', many);
    expect((await firstMatchesByPhraseWords(db, 'qzword3 qzw', 10))?.ids).toHaveLength(1);
    expect((await firstMatchesByPhraseWords(db, 'x qzw', 10))?.ids).toBeUndefined();
  });

  it('takes prompts shared at once that bring the same new words in different orders', async () => {
    const words = Array.from({ length: 40 }, (_, index) => `fresh${index}word`);
    const orders = Array.from({ length: 12 }, (_, index) => [...words.slice(index * 3), ...words.slice(0, index * 3)]);
    const results = await Promise.allSettled(orders.map((order, index) => insert(`Fresh ${index}`, order.join(' '))));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    for (const word of [words[0], words[39], 'fresh1'] as string[]) expect(await countByWords(db, word), word).toBe(await scanned(word));
  });
});
