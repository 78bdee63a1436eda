import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { moderationResultSchema, reportSummarySchema } from '@prompt-vault/shared/schemas';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';
import { TEST_DIALECTS, processDatabaseUrl } from '../testing/test-database';

const ADMIN_TOKEN = 'admin-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const ROOT = new URL('../../../../', import.meta.url).pathname;
const TSX = `${ROOT}node_modules/.bin/tsx`;
const run = promisify(execFile);

describe.each(TEST_DIALECTS)('reports and moderation on %s', (dialect) => {
  let t: TestApp;
  let promptId: string;
  let otherId: string;
  let commentId: string;

  beforeEach(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
    const submit = (title: string, category: string) =>
      t.app.inject({ method: 'POST', url: '/api/prompts', payload: { title, prompt: `${title} text`, category, model: 'Spam-1' } });
    promptId = (await submit('Cheap pills here', 'Spam')).json()._id;
    otherId = (await submit('Good prompt', 'Writing')).json()._id;
    await t.app.inject({
      method: 'POST',
      url: `/api/prompts/${promptId}/like`,
      headers: { 'user-id': userId(1) },
      payload: { liked: true },
    });
    await t.app.inject({ method: 'POST', url: `/api/prompts/${promptId}/copy`, headers: { ...JSON_HEADERS, 'user-id': userId(1) } });
    commentId = (await t.app.inject({ method: 'POST', url: `/api/comments/${otherId}`, payload: { text: 'rude note' } })).json()._id;
    // Notes list oldest first, by the millisecond; two in the same millisecond would fall back to their random ids.
    await new Promise((resolve) => setTimeout(resolve, 2));
    await t.app.inject({ method: 'POST', url: `/api/comments/${otherId}`, payload: { text: 'kind note' } });
  });
  afterEach(async () => {
    await t.close();
  });

  const report = (payload: object, user: string | null = userId(1)) =>
    t.app.inject({ method: 'POST', url: '/api/reports', headers: user === null ? {} : { 'user-id': user }, payload });
  const admin = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = auth) =>
    t.app.inject({ method, url, headers: { ...JSON_HEADERS, ...headers } });

  it('takes a report once per visitor: 201 first, 200 on a repeat, counted once', async () => {
    const first = await report({ targetType: 'prompt', targetId: promptId, reason: 'spam' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ reported: true });
    const repeat = await report({ targetType: 'prompt', targetId: promptId, reason: 'offensive' });
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json()).toEqual({ reported: true });
    expect((await report({ targetType: 'prompt', targetId: promptId, reason: 'other' }, userId(2))).statusCode).toBe(201);
    expect((await report({ targetType: 'comment', targetId: commentId, reason: 'offensive' })).statusCode).toBe(201);

    const list = await admin('GET', '/api/admin/reports');
    expect(list.statusCode).toBe(200);
    const summaries = list.json().map((item: unknown) => reportSummarySchema.parse(item));
    expect(summaries).toHaveLength(2);
    expect(summaries[0]).toMatchObject({
      targetType: 'prompt',
      targetId: promptId,
      status: 'visible',
      excerpt: 'Cheap pills here',
      promptId,
      reports: 2,
      reasons: { spam: 1, offensive: 0, other: 1 },
    });
    expect(summaries[1]).toMatchObject({ targetType: 'comment', targetId: commentId, promptId: otherId, excerpt: 'rude note', reports: 1 });
  });

  it('refuses reports without a valid user-id, with a bad body, or on unknown and hidden targets', async () => {
    expect((await report({ targetType: 'prompt', targetId: promptId, reason: 'spam' }, null)).statusCode).toBe(400);
    expect((await report({ targetType: 'prompt', targetId: promptId, reason: 'spam' }, 'anonymous')).statusCode).toBe(400);
    expect((await report({ targetType: 'prompt', targetId: promptId, reason: 'boring' })).statusCode).toBe(400);
    expect((await report({ targetType: 'user', targetId: promptId, reason: 'spam' })).statusCode).toBe(400);
    const unknown = await report({ targetType: 'prompt', targetId: 'nope', reason: 'spam' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('NOT_FOUND');
    expect((await report({ targetType: 'comment', targetId: promptId, reason: 'spam' })).statusCode).toBe(404);
    await admin('POST', `/api/admin/prompts/${promptId}/hide`);
    expect((await report({ targetType: 'prompt', targetId: promptId, reason: 'spam' })).statusCode).toBe(404);
  });

  it('guards the admin API with the bearer token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-0123456789abcdef' },
      { authorization: ADMIN_TOKEN },
      { authorization: `Basic ${ADMIN_TOKEN}` },
    ]) {
      const response = await admin('GET', '/api/admin/reports', headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('UNAUTHORIZED');
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect((await admin('POST', `/api/admin/prompts/${promptId}/hide`, headers)).statusCode).toBe(401);
    }
    expect((await t.app.inject({ url: `/api/prompts/${promptId}` })).statusCode).toBe(200);
    expect((await admin('POST', '/api/admin/prompts/unknown/hide')).statusCode).toBe(404);
    expect((await admin('POST', '/api/admin/comments/unknown/hide')).statusCode).toBe(404);
    expect((await admin('POST', `/api/admin/prompts/${promptId}/delete`)).statusCode).toBe(404);
  });

  it('hides a prompt from every list, count, facet and chart, and brings it back', async () => {
    const snapshot = async () => ({
      list: (await t.app.inject({ url: '/api/prompts' }))
        .json()
        .map((p: { _id: string }) => p._id)
        .sort(),
      paged: (await t.app.inject({ url: '/api/prompts?limit=10' })).headers['x-total-count'],
      search: (await t.app.inject({ url: '/api/prompts?q=pills' })).json().length,
      // A paged search is cached (page and total) until a write: hiding is one.
      pagedSearch: (await t.app.inject({ url: '/api/prompts?q=pills&limit=10' })).headers['x-total-count'],
      page: (await t.app.inject({ url: `/api/prompts/${promptId}` })).statusCode,
      facets: (await t.app.inject({ url: '/api/facets' })).json(),
      analytics: (await t.app.inject({ url: '/api/analytics' })).json(),
      liked: (await t.app.inject({ url: '/api/prompts?liked=true', headers: { 'user-id': userId(1) } })).json().length,
    });
    const before = await snapshot();
    expect(before.list).toHaveLength(2);

    const hidden = await admin('POST', `/api/admin/prompts/${promptId}/hide`);
    expect(moderationResultSchema.parse(hidden.json())).toEqual({ _id: promptId, status: 'hidden' });
    const during = await snapshot();
    expect(during.list).toEqual([otherId]);
    expect(during.paged).toBe('1');
    expect(during.search).toBe(0);
    expect(during.pagedSearch).toBe('0');
    expect(during.page).toBe(404);
    expect(during.liked).toBe(0);
    expect(during.facets.total).toBe(1);
    expect(during.facets.categories.map((c: { name: string }) => c.name)).toEqual(['Writing']);
    expect(during.facets.models).toEqual([{ name: 'Spam-1', count: 1 }]);
    expect(during.facets.keywords).not.toContain('pills');
    expect(during.analytics.overview).toEqual({ totalPrompts: 1, totalLikes: 0, totalCopies: 0 });
    expect(during.analytics.categoryStats).toEqual([{ name: 'Writing', promptCount: 1 }]);
    expect(during.analytics.topCopiedPrompts).toEqual([]);
    expect(
      during.analytics.activity.reduce(
        (sum: number, day: { likes: number; copies: number; prompts: number }) => sum + day.likes + day.copies + day.prompts,
        0,
      ),
    ).toBe(1);
    // Hidden prompts take no new likes, copies or notes.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/prompts/${promptId}/like`,
          headers: { 'user-id': userId(3) },
          payload: { liked: true },
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/prompts/${promptId}/copy`, headers: JSON_HEADERS })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/comments/${promptId}`, payload: { text: 'hi' } })).statusCode).toBe(404);

    expect((await admin('POST', `/api/admin/prompts/${promptId}/unhide`)).json()).toEqual({ _id: promptId, status: 'visible' });
    expect(await snapshot()).toEqual(before);
  });

  it('hides a note from its list and from the note count, exactly, however often it is toggled', async () => {
    const comments = async () => (await t.app.inject({ url: `/api/comments/${otherId}` })).json().map((c: { text: string }) => c.text);
    const count = async () => (await t.app.inject({ url: `/api/prompts/${otherId}` })).json().commentCount;
    expect(await count()).toBe(2);
    await Promise.all(Array.from({ length: 5 }, () => admin('POST', `/api/admin/comments/${commentId}/hide`)));
    expect(await comments()).toEqual(['kind note']);
    expect(await count()).toBe(1);
    const listed = (await t.app.inject({ url: '/api/prompts' })).json().find((p: { _id: string }) => p._id === otherId);
    expect(listed.commentCount).toBe(1);
    expect((await report({ targetType: 'comment', targetId: commentId, reason: 'spam' })).statusCode).toBe(404);
    await Promise.all(Array.from({ length: 5 }, () => admin('POST', `/api/admin/comments/${commentId}/unhide`)));
    expect(await comments()).toEqual(['rude note', 'kind note']);
    expect(await count()).toBe(2);
  });

  it('works from the command line on DATABASE_URL', async () => {
    await report({ targetType: 'prompt', targetId: promptId, reason: 'spam' });
    const env = {
      ...process.env,
      DATABASE_URL: processDatabaseUrl(t.database),
    };
    const admin = (...args: string[]) => run(TSX, ['apps/server/cli/admin.ts', ...args], { cwd: ROOT, env });
    const listed = await admin('reports');
    expect(listed.stdout).toContain(promptId);
    expect(listed.stdout).toContain('spam 1, offensive 0, other 0');
    expect((await admin('hide', promptId)).stdout).toContain(`Prompt ${promptId} is now hidden.`);
    expect((await t.app.inject({ url: `/api/prompts/${promptId}` })).statusCode).toBe(404);
    expect((await admin('unhide-comment', commentId)).stdout).toContain(`Comment ${commentId} is now visible.`);
    expect((await t.app.inject({ url: `/api/prompts/${otherId}` })).json().commentCount).toBe(2);
    await expect(admin('hide', 'unknown-id')).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('Prompt not found') });
  }, 60_000);
});

describe.each(TEST_DIALECTS)('admin API without ADMIN_TOKEN on %s', (dialect) => {
  it('does not exist', async () => {
    const t = await createTestApp(dialect);
    try {
      for (const url of ['/api/admin/reports', '/api/admin/prompts/x/hide', '/api/admin/comments/x/unhide']) {
        const response = await t.app.inject({ method: url.endsWith('reports') ? 'GET' : 'POST', url, headers: auth });
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toBe('NOT_FOUND');
      }
    } finally {
      await t.close();
    }
  });
});
