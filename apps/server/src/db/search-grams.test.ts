import type { Prompt } from '@prompt-vault/shared/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchGramMismatches } from '../fuzz/invariants';
import { JSON_HEADERS, type TestApp, createTestApp } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { GramTally, sqliteGramOf } from './search-grams';

describe('GramTally', () => {
  const tallied = (foldAsciiCase: boolean, ...prompts: [string, string][]) => {
    const tally = new GramTally(foldAsciiCase);
    for (const [title, text] of prompts) tally.add(title, text);
    return tally.entries();
  };

  it('counts each one- and two-character gram once per prompt, however often it occurs', () => {
    const grams = tallied(false, ['abab', 'ab'], ['b', 'xyz']);
    expect(grams.get('ab')).toBe(1);
    expect(grams.get('ba')).toBe(1);
    expect(grams.get('a')).toBe(1);
    expect(grams.get('b')).toBe(2);
    expect(grams.get('xy')).toBe(1);
    expect(grams.has('bx')).toBe(false);
  });

  it('never joins the title to the text', () => {
    const grams = tallied(false, ['ab', 'cd']);
    expect(grams.has('bc')).toBe(false);
    expect(grams.get('cd')).toBe(1);
  });

  it('folds A-Z only when asked (SQLite), and nothing beyond ASCII', () => {
    expect([...tallied(true, ['AB', '']).keys()].sort()).toEqual(['a', 'ab', 'b']);
    expect([...tallied(false, ['AB', '']).keys()].sort()).toEqual(['A', 'AB', 'B']);
    // The Kelvin sign lower-cases to k in Unicode, but LIKE does not fold it: no "k" gram.
    expect(tallied(true, ['\u212Ab', '']).has('kb')).toBe(false);
  });

  it('lets a character beyond ASCII end a pair, astral ones included', () => {
    const grams = tallied(false, ['aéb c😀d', '']);
    expect(grams.has('ab')).toBe(false);
    expect(grams.get('b ')).toBe(1);
    expect(grams.get(' c')).toBe(1);
    expect(grams.has('cd')).toBe(false);
    expect(grams.get('d')).toBe(1);
  });
});

describe('sqliteGramOf', () => {
  it('answers one or two ASCII characters, folded as LIKE folds them, and nothing else', () => {
    expect(sqliteGramOf('Ab')).toBe('ab');
    expect(sqliteGramOf('%')).toBe('%');
    expect(sqliteGramOf('abc')).toBeUndefined();
    expect(sqliteGramOf('é')).toBeUndefined();
    expect(sqliteGramOf('')).toBeUndefined();
  });
});

const ADMIN_TOKEN = 'search-grams-admin-token-0123456789ab';
const admin = { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` };

/** Texts whose short needles each database folds its own way. */
const PROMPTS = [
  { title: 'Abstract Art', prompt: 'Draw ABBA in 100% blue_ink.' },
  { title: 'Kelvin \u212A scale', prompt: 'Convert 3 \u212A to Celsius, tab\there.' },
  { title: 'İstanbul guide', prompt: 'Plan a day; ab testing not needed.' },
  { title: 'Café menu', prompt: 'Write a menu: crème brûlée, tea.' },
  { title: 'Emoji 😀 day', prompt: 'A:B ratio of x😀y.' },
];

/** Needles of one and two characters, in several cases, with wildcards and characters beyond ASCII. */
const NEEDLES = ['ab', 'AB', 'Ab', 'a', 'k', 'K', '\u212A', 'i', 'İ', 'is', '%', '_', '0%', 'é', 'e ', ':b', 'x', 'zz', '\t'];

describe.each(TEST_DIALECTS)('short searches counted from the kept grams, on %s', (dialect) => {
  let t: TestApp;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
    for (const prompt of PROMPTS) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { ...prompt, category: 'Writing', model: 'o3' },
      });
      expect(response.statusCode).toBe(201);
      ids.push(response.json<Prompt>()._id);
    }
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const counted = async (needle: string) => {
    const response = await t.app.inject({ url: `/api/prompts/count?q=${encodeURIComponent(needle)}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ total: number }>().total;
  };
  /** The same search's prompts, listed (the page reads the texts, not the kept counts). */
  const listed = async (needle: string) => {
    const response = await t.app.inject({ url: `/api/prompts?limit=100&q=${encodeURIComponent(needle)}` });
    expect(response.statusCode).toBe(200);
    return response.json<Prompt[]>().length;
  };
  const expectCountsAsListed = async () => {
    for (const needle of NEEDLES) expect({ needle, total: await counted(needle) }).toEqual({ needle, total: await listed(needle) });
  };

  it('gives every short search the total its list shows', async () => {
    await expectCountsAsListed();
    // The texts hold these: the comparison is not of empty answers.
    expect(await counted('ab')).toBeGreaterThanOrEqual(3);
    expect(await counted('%')).toBe(1);
    expect(await searchGramMismatches(t.database.db)).toEqual([]);
  });

  it('follows a prompt hidden and shown again', async () => {
    const before = await counted('ab');
    const hide = await t.app.inject({ method: 'POST', url: `/api/admin/prompts/${ids[0]}/hide`, headers: admin });
    expect(hide.statusCode).toBe(200);
    expect(await counted('ab')).toBe(before - 1);
    await expectCountsAsListed();
    const unhide = await t.app.inject({ method: 'POST', url: `/api/admin/prompts/${ids[0]}/unhide`, headers: admin });
    expect(unhide.statusCode).toBe(200);
    expect(await counted('ab')).toBe(before);
    expect(await searchGramMismatches(t.database.db)).toEqual([]);
  });

  it('leaves the counts alone when a duplicate is refused', async () => {
    const before = await counted('ab');
    const again = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...PROMPTS[0], category: 'Writing', model: 'o3' } });
    expect(again.statusCode).toBe(409);
    expect(await counted('ab')).toBe(before);
    expect(await searchGramMismatches(t.database.db)).toEqual([]);
  });
});
