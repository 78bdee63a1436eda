import { RELATED_PROMPTS_LIMIT } from '@prompt-vault/shared/limits';
import { type Prompt, promptSchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JSON_HEADERS, type TestApp, createTestApp, userId } from '../testing/test-app';
import { candidatesQuery, findCandidates, signalCounts } from './related-repository';
import { TEST_DIALECTS } from '../testing/test-database';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';

interface Seed {
  readonly title: string;
  readonly category: string;
  readonly tags?: readonly string[];
  /** Each prompt's text has its own words, so only the rule a test is about relates two prompts. */
  readonly prompt?: string;
}

describe.each(TEST_DIALECTS)('GET /api/prompts/:id/related on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
  });
  afterEach(async () => {
    await t.close();
  });

  let serial = 0;
  const share = async (seed: Seed): Promise<string> => {
    serial += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: {
        title: seed.title,
        // A word no other prompt has, so texts overlap only where a test says so.
        prompt: seed.prompt ?? `Unrelated${serial}x words${serial}y`,
        category: seed.category,
        model: 'o3',
        tags: seed.tags ?? [],
      },
    });
    expect(response.statusCode).toBe(201);
    return promptSchema.parse(response.json())._id;
  };

  const related = async (id: string, headers: Record<string, string> = {}): Promise<Prompt[]> => {
    const response = await t.app.inject({ url: `/api/prompts/${encodeURIComponent(id)}/related`, headers });
    expect(response.statusCode).toBe(200);
    return z.array(promptSchema).parse(response.json());
  };
  const relatedIds = async (id: string) => (await related(id)).map((prompt) => prompt._id);

  const admin = (path: string) =>
    t.app.inject({ method: 'POST', url: path, headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` } });

  it('ranks shared tags above the same category alone, and that above a shared title word alone', async () => {
    const target = await share({ title: 'Email Newsletter Writer', category: 'Marketing', tags: ['email', 'newsletter'] });
    const titleWordOnly = await share({ title: 'Newsletter Subject Lines', category: 'Writing' });
    const categoryOnly = await share({ title: 'Brand Voice Guide', category: 'Marketing' });
    const oneTag = await share({ title: 'Cold Outreach Opener', category: 'Sales', tags: ['email'] });
    const twoTagsAndCategory = await share({ title: 'Launch Announcement', category: 'Marketing', tags: ['newsletter', 'email'] });
    await share({ title: 'Tomato Soup Recipe', category: 'Cooking', tags: ['soup'] });

    expect(await relatedIds(target)).toEqual([twoTagsAndCategory, oneTag, categoryOnly, titleWordOnly]);
  });

  it('counts the words both texts use, after tags, category and title words', async () => {
    const target = await share({
      title: 'Trip Itinerary',
      category: 'Travel',
      prompt: 'Plan seven days across Portugal with trains, museums and beaches.',
    });
    const sharesText = await share({
      title: 'Weekend Getaway',
      category: 'Travel',
      prompt: 'Plan three days across Portugal with trains and beaches.',
    });
    const sharesLess = await share({ title: 'City Break', category: 'Travel', prompt: 'Suggest museums worth visiting.' });
    const sharesNothing = await share({ title: 'Packing List', category: 'Travel' });
    // All three are in the category; the text decides between them.
    expect(await relatedIds(target)).toEqual([sharesText, sharesLess, sharesNothing]);
  });

  it('counts the titles a title word is found in, longer words included, from the kept title words', async () => {
    await share({ title: 'Help Desk Reply', category: 'Support', tags: ['support', 'helpdesk'] });
    await share({ title: 'Helper Bot', category: 'Support', tags: ['support'] });
    await share({ title: 'Helpful Helper', category: 'Support' });
    await share({ title: 'Whelp 50% off', category: 'Support' });
    const counts = await signalCounts(t.database.db, ['support', 'helpdesk', 'absent'], ['help', 'reply', '50%', 'nothing']);
    // help: Help, Helper, Helpful, Helper (counted once per word), Whelp; the % is a character, not a wildcard.
    expect(Object.fromEntries(counts.titleWordReads)).toEqual({ help: 5, reply: 1, '50%': 0, nothing: 0 });
    // The same statement's other counts: tags and whole title words in use (an unknown one absent), and the library.
    expect(Object.fromEntries(counts.tags)).toEqual({ support: 2, helpdesk: 1 });
    expect(Object.fromEntries(counts.titleWordUses)).toEqual({ help: 1, reply: 1 });
    expect(counts.visible).toBe(4);
  });

  it('reads the same candidates whether a source walks the likes order or sorts its own prompts', async () => {
    const target = await share({ title: 'Budget Planner Pro', category: 'Finance', tags: ['budget'] });
    for (let index = 0; index < 8; index += 1) {
      const id = await share({ title: `Budget sheet ${index}`, category: index % 2 ? 'Finance' : 'Home', tags: ['budget'] });
      await t.database.db
        .updateTable('prompts')
        .set({ like_count: (index * 5) % 7 })
        .where('id', '=', id)
        .execute();
    }
    const sources = [
      { kind: 'tag', tag: 'budget', rows: 9 },
      { kind: 'title-word', word: 'budget', rows: 9 },
    ] as const;
    const read = async (visible: number) =>
      (await findCandidates(t.database.db, dialect, target, sources, 3, visible)).map((row) => row.id).sort();
    // Among 1 visible prompt every source is common enough to walk; among a huge library none is.
    const walked = await read(1);
    expect(walked).toHaveLength(3);
    expect(walked).toEqual(await read(Number.MAX_SAFE_INTEGER));
    if (dialect === 'sqlite') {
      const sql = (visible: number) => candidatesQuery(t.database.db, dialect, target, sources, 3, visible)?.compile().sql ?? '';
      expect(sql(1)).toContain('+prompts.rowid IN');
      expect(sql(Number.MAX_SAFE_INTEGER)).not.toContain('+prompts.rowid');
    }
  });

  it('never answers the prompt itself, nor prompts that share nothing with it', async () => {
    const target = await share({ title: 'Resume Reviewer', category: 'Career', tags: ['resume'] });
    await share({ title: 'Pasta Dinner', category: 'Cooking', tags: ['pasta'] });
    expect(await relatedIds(target)).toEqual([]);
    const other = await share({ title: 'Resume Summary', category: 'Career', tags: ['resume'] });
    expect(await relatedIds(target)).toEqual([other]);
    expect(await relatedIds(other)).toEqual([target]);
  });

  it(`answers at most ${RELATED_PROMPTS_LIMIT}`, async () => {
    const target = await share({ title: 'Sprint Retrospective', category: 'Productivity', tags: ['agile'] });
    for (let index = 0; index < RELATED_PROMPTS_LIMIT + 3; index += 1) {
      await share({ title: `Standup Helper ${index}`, category: 'Productivity', tags: ['agile'] });
    }
    expect(await relatedIds(target)).toHaveLength(RELATED_PROMPTS_LIMIT);
  });

  it('breaks ties by likes, then by id, highest first', async () => {
    const target = await share({ title: 'Lesson Planner', category: 'Education' });
    const first = await share({ title: 'Quiz Maker', category: 'Education' });
    const second = await share({ title: 'Reading List', category: 'Education' });
    const third = await share({ title: 'Field Trip Checklist', category: 'Education' });
    const byIdDescending = [first, second, third].sort().reverse();
    expect(await relatedIds(target)).toEqual(byIdDescending);

    const lowestId = byIdDescending[2] ?? '';
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/prompts/${lowestId}/like`,
      headers: { ...JSON_HEADERS, 'user-id': userId(1) },
      payload: { liked: true },
    });
    expect(like.statusCode).toBe(200);
    expect(await relatedIds(target)).toEqual([lowestId, ...byIdDescending.slice(0, 2)]);
  });

  it('gives each prompt in the list shape, with the visitor’s own liked flags and fresh counts', async () => {
    const target = await share({ title: 'Budget Tracker', category: 'Finance', tags: ['budget'] });
    const other = await share({ title: 'Budget Review', category: 'Finance', tags: ['budget'] });
    expect((await related(target))[0]).toMatchObject({ _id: other, likes: 0, liked: false, tags: ['budget'], copyCount: 0 });

    await t.app.inject({
      method: 'POST',
      url: `/api/prompts/${other}/like`,
      headers: { ...JSON_HEADERS, 'user-id': userId(7) },
      payload: { liked: true },
    });
    expect((await related(target, { 'user-id': userId(7) }))[0]).toMatchObject({ _id: other, likes: 1, liked: true });
    // Another visitor gets the same counts, and their own flag.
    expect((await related(target, { 'user-id': userId(8) }))[0]).toMatchObject({ _id: other, likes: 1, liked: false });
    // The same prompt as the list shows it.
    const list = await t.app.inject({ url: '/api/prompts?limit=10', headers: { 'user-id': userId(7) } });
    const listed = z
      .array(promptSchema)
      .parse(list.json())
      .find((prompt) => prompt._id === other);
    expect((await related(target, { 'user-id': userId(7) }))[0]).toEqual(listed);
  });

  it('leaves hidden prompts out of the answers, and answers 404 for a hidden prompt', async () => {
    const target = await share({ title: 'Interview Questions', category: 'Career', tags: ['interview'] });
    const hidden = await share({ title: 'Interview Practice', category: 'Career', tags: ['interview'] });
    const shown = await share({ title: 'Interview Follow-up', category: 'Career', tags: ['interview'] });
    expect((await relatedIds(target)).sort()).toEqual([hidden, shown].sort());

    expect((await admin(`/api/admin/prompts/${hidden}/hide`)).statusCode).toBe(200);
    expect(await relatedIds(target)).toEqual([shown]);
    const response = await t.app.inject({ url: `/api/prompts/${hidden}/related` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'NOT_FOUND' });

    expect((await admin(`/api/admin/prompts/${hidden}/unhide`)).statusCode).toBe(200);
    expect((await relatedIds(target)).sort()).toEqual([hidden, shown].sort());
  });

  it('answers 404 in the error shape for unknown ids and ids of any other shape, as GET /api/prompts/:id does', async () => {
    for (const id of ['doesnotexist0000', 'x', 'a'.repeat(300), 'bad id!', '%00']) {
      const url = `/api/prompts/${id === '%00' ? id : encodeURIComponent(id)}`;
      const [single, relatedAnswer] = await Promise.all([t.app.inject({ url }), t.app.inject({ url: `${url}/related` })]);
      expect(relatedAnswer.statusCode).toBe(single.statusCode);
      expect(relatedAnswer.statusCode).toBe(404);
      expect(relatedAnswer.json()).toMatchObject({ error: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('shows a new prompt at once, even one only a tag that had no other prompt relates', async () => {
    const target = await share({ title: 'Meal Prep Plan', category: 'Cooking', tags: ['meal-prep'] });
    expect(await relatedIds(target)).toEqual([]);
    // Another category and no title word in common: only the tag, until now the target's alone, relates them.
    const added = await share({ title: 'Lunchbox Ideas', category: 'Parenting', tags: ['meal-prep'] });
    expect(await relatedIds(target)).toEqual([added]);
  });
});
