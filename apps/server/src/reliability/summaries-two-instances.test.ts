import { describe, expect, it } from 'vitest';
import { counterMismatches, searchGramMismatches, searchWordCountMismatches, summaryMismatches } from '../fuzz/invariants';
import { JSON_HEADERS, uniqueRedisNamespace, userId } from '../testing/test-app';
import { startTwoInstances } from '../testing/two-instances';

const databaseUrl = process.env.TEST_DATABASE_URL;
const ADMIN_TOKEN = 'two-instances-admin-token-0123456789';

/**
 * The summaries (decision 0010) under concurrent writes of every kind through
 * two instances with their own pools on one PostgreSQL: shard rows, facet and
 * word rows are shared by both, so a lost update or a deadlock would show as a
 * summary that differs from the recount, or as a 500.
 */
describe.runIf(Boolean(databaseUrl))('summaries under concurrent writes through two instances on one PostgreSQL', () => {
  it('equal a full recount after creates, likes, unlikes, copies, notes, hides and unhides at once', async () => {
    const instances = await startTwoInstances({ RATE_LIMIT: '0', ADMIN_TOKEN, REDIS_NAMESPACE: uniqueRedisNamespace() });
    const shared = instances.database;
    try {
      const instance = (index: number) => instances.apps[index % 2] ?? instances.apps[0];
      const words = ['Email', 'Review', 'Planning', 'Summary', 'Code'];
      const categories = ['Writing', 'Coding', 'Business'];

      const created = await Promise.all(
        Array.from({ length: 24 }, (_, index) =>
          instance(index).inject({
            method: 'POST',
            url: '/api/prompts',
            payload: {
              title: `${words[index % 5]} ${words[(index * 3) % 5]} ${index}`,
              prompt: `Text ${index}`,
              category: categories[index % 3],
              model: index % 2 ? 'GPT-4o' : 'o3',
            },
          }),
        ),
      );
      expect(created.map((response) => response.statusCode)).toEqual(Array(24).fill(201));
      const ids = created.map((response) => response.json()._id as string);

      // Every kind of write at once, spread over both instances, in waves the two pools of 10 can hold.
      const writes: Array<() => Promise<{ statusCode: number; body: string }>> = [];
      for (let index = 0; index < 360; index += 1) {
        const app = instance(index);
        const id = ids[(index * 7) % ids.length] as string;
        const user = { 'user-id': userId(`two${index % 30}`) };
        switch (index % 6) {
          case 0:
          case 1:
            writes.push(() =>
              app.inject({ method: 'POST', url: `/api/prompts/${id}/like`, headers: user, payload: { liked: index % 5 !== 0 } }),
            );
            break;
          case 2:
          case 3:
            writes.push(() => app.inject({ method: 'POST', url: `/api/prompts/${id}/copy`, headers: { ...JSON_HEADERS, ...user } }));
            break;
          case 4:
            writes.push(() => app.inject({ method: 'POST', url: `/api/comments/${id}`, payload: { text: `Note ${index}` } }));
            break;
          default: {
            const action = index % 4 === 1 ? 'hide' : 'unhide';
            writes.push(() =>
              app.inject({
                method: 'POST',
                url: `/api/admin/prompts/${id}/${action}`,
                headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
              }),
            );
          }
        }
        if (index % 60 === 59) {
          const more = index;
          writes.push(() =>
            instance(more).inject({
              method: 'POST',
              url: '/api/prompts',
              payload: { title: `Late ${words[more % 5]} prompt ${more}`, prompt: `Late ${more}`, category: 'Writing', model: 'o3' },
            }),
          );
        }
      }
      const failures: string[] = [];
      for (let start = 0; start < writes.length; start += 40) {
        const answers = await Promise.all(writes.slice(start, start + 40).map((send) => send()));
        // 404: a like, copy or note of a prompt hidden a moment before.
        for (const answer of answers)
          if (![200, 201, 404].includes(answer.statusCode)) failures.push(`${answer.statusCode} ${answer.body}`);
      }
      expect(failures.slice(0, 3)).toEqual([]);

      expect(await counterMismatches(shared.db)).toEqual([]);
      expect(await summaryMismatches(shared.db)).toEqual([]);
      expect(await searchGramMismatches(shared.db)).toEqual([]);
      expect(await searchWordCountMismatches(shared.db)).toEqual([]);
      // The writes spread over more than one shard row, and some prompts stayed hidden.
      const shards = await shared.db.selectFrom('summary_totals').select('shard').execute();
      expect(shards.length).toBeGreaterThan(1);
      const hidden = await shared.db.selectFrom('prompts').select('id').where('status', '=', 'hidden').execute();
      expect(hidden.length).toBeGreaterThan(0);
    } finally {
      await instances.close();
    }
  });
});
