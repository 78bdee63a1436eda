import { SIMILAR_PROMPTS } from '@prompt-vault/shared/limits';
import { similarPromptsSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../testing/test-database';
import { JSON_HEADERS, type TestApp, createTestApp } from '../testing/test-app';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';

/**
 * Distinct words, so a text's word pairs are easy to count: n words make
 * n - 1 pairs, and a text made of the first m of another's n words shares
 * m - 1 of its pairs, for a similarity of (m - 1) / (n - 1).
 */
const WORDS = [
  'alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliett', 'kilo',
  'lima', 'mike', 'november', 'oscar', 'papa', 'quebec', 'romeo', 'sierra', 'tango', 'uniform',
]; // prettier-ignore

/** The title is the first two words, the text the rest (pairs run across both). */
const draftOf = (words: readonly string[]) => ({ title: words.slice(0, 2).join(' '), prompt: words.slice(2).join(' ') });
/** The 21 words: 20 pairs. */
const QUERY = draftOf(WORDS);
const firstWords = (count: number) => draftOf(WORDS.slice(0, count));

describe.each(TEST_DIALECTS)('POST /api/prompts/similar on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
  });
  afterEach(async () => {
    await t.close();
  });

  const share = async (draft: { title: string; prompt: string }) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...draft, category: 'Testing', model: 'o3' } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ _id: string }>()._id;
  };
  const similar = async (payload: unknown) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/prompts/similar', payload: payload as object });
    expect(response.statusCode, response.body).toBe(200);
    return similarPromptsSchema.parse(response.json()).similar;
  };

  it('catches the issue\'s example: an existing prompt again with "!" added to its title and one word changed', async () => {
    const existing = {
      title: 'Cold Email Opener',
      prompt:
        'Write a short cold email to the founder of a startup. Open with one specific detail from their product, ' +
        'say in one sentence what I offer, and end with a question that is easy to answer. Keep it under 120 words.',
    };
    const id = await share(existing);
    await share({ title: 'Weekly Meal Planner', prompt: 'Plan seven dinners for a family of four on a small budget.' });
    const draft = { title: 'Cold Email Opener!', prompt: existing.prompt.replace('specific', 'concrete') };

    const found = await similar(draft);
    expect(found.map((match) => [match._id, match.title])).toEqual([[id, existing.title]]);
    // 44 words make 42 distinct pairs ('cold email' comes twice); the changed word takes 2 away and brings 2: 40 / 44.
    expect(found[0]?.similarity).toBe(0.909);
    // Punctuation, case and spacing do not count at all.
    expect((await similar({ title: '  cold EMAIL opener!!', prompt: existing.prompt.replaceAll(' ', '\n ') }))[0]?.similarity).toBe(1);
    // Exact duplicates are still refused as before, and sharing the near copy is still allowed.
    const again = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: { ...existing, category: 'Sales', model: 'o3' } });
    expect(again.statusCode).toBe(409);
    await share(draft);
  });

  it('answers prompts at or above the threshold only', async () => {
    expect(SIMILAR_PROMPTS.threshold).toBe(0.6);
    const atThreshold = await share(firstWords(13)); // 12 of 20 pairs: 0.6
    await share(firstWords(12)); // 11 of 20: 0.55
    await share(draftOf(['zulu', 'yankee', 'xray', 'whiskey', 'victor'])); // nothing shared
    expect(await similar(QUERY)).toEqual([{ _id: atThreshold, title: 'alpha bravo', similarity: 0.6 }]);
  });

  it('answers at most three, most similar first, ties by id', async () => {
    const ninety = await share(firstWords(19)); // 18 / 20
    const eighty = await share(firstWords(17)); // 16 / 20
    const alsoEighty = await share(draftOf(WORDS.slice(4))); // the last 17 words: 16 / 20
    await share(firstWords(15)); // 14 / 20: fourth, left out
    const found = await similar(QUERY);
    expect(found.map((match) => match.similarity)).toEqual([0.9, 0.8, 0.8]);
    expect(found.map((match) => match._id)).toEqual([ninety, ...[eighty, alsoEighty].sort()]);
  });

  it('never answers hidden prompts, and answers them again once shown', async () => {
    const id = await share(firstWords(19));
    const moderate = (action: 'hide' | 'unhide') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/prompts/${id}/${action}`,
        headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
      });
    expect((await moderate('hide')).statusCode).toBe(200);
    expect(await similar(QUERY)).toEqual([]);
    expect((await moderate('unhide')).statusCode).toBe(200);
    expect((await similar(QUERY)).map((match) => match._id)).toEqual([id]);
  });

  it('answers nothing for a text with no words, or in an empty library', async () => {
    expect(await similar(QUERY)).toEqual([]);
    await share(firstWords(19));
    expect(await similar({ title: '!!!', prompt: '?' })).toEqual([]);
  });

  it('refuses a bad body with a 400 naming the field, as the share form does', async () => {
    const cases: [payload: unknown, field: string][] = [
      [{ prompt: 'text' }, 'title'],
      [{ title: 'A title' }, 'prompt'],
      [{ title: 42, prompt: 'text' }, 'title'],
      [{ title: 'A title', prompt: ['text'] }, 'prompt'],
      [{ title: '   ', prompt: 'text' }, 'title'],
      [{ title: 'x'.repeat(51), prompt: 'text' }, 'title'],
      [{ title: 'A title', prompt: 'x'.repeat(5001) }, 'prompt'],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/prompts/similar', payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json<{ error: string; fields?: Record<string, string> }>();
      expect(body.error).toBe('VALIDATION_FAILED');
      expect(Object.keys(body.fields ?? {}), JSON.stringify(payload)).toEqual([field]);
    }
    const notAnObject = await t.app.inject({ method: 'POST', url: '/api/prompts/similar', headers: JSON_HEADERS, payload: '[1]' });
    expect(notAnObject.statusCode).toBe(400);
    // At the limits exactly it is a normal check.
    expect(await similar({ title: 'x'.repeat(50), prompt: 'y'.repeat(5000) })).toEqual([]);
  });

  it('writes nothing', async () => {
    await share(firstWords(19));
    await similar(QUERY);
    const total = await t.app.inject({ url: '/api/prompts?limit=10' });
    expect(total.headers['x-total-count']).toBe('1');
  });

  it('draws on the reads rate budget, never on the share budget', async () => {
    const limited = await createTestApp(dialect, { RATE_LIMIT: '1', RATE_LIMIT_SUBMIT: '1/1m', RATE_LIMIT_READS: '3/1m' });
    try {
      const check = () => limited.app.inject({ method: 'POST', url: '/api/prompts/similar', payload: QUERY });
      for (let index = 0; index < 3; index += 1) expect((await check()).statusCode).toBe(200);
      expect((await check()).statusCode).toBe(429);
      const shared = await limited.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { ...QUERY, category: 'Testing', model: 'o3' },
      });
      expect(shared.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
