import { facetsSchema, analyticsSchema } from '@prompt-vault/shared/schemas';
import { popularKeywords } from '@prompt-vault/shared/keywords';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPrompts } from '../../cli/import-prompts';
import { recountSummaries } from '../db/summaries';
import { type TestApp, createTestApp, userId, JSON_HEADERS } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import {
  counterMismatches,
  searchGramMismatches,
  searchVocabularyMismatches,
  searchWordCountMismatches,
  similarityBandMismatches,
  summaryMismatches,
  tagMismatches,
} from './invariants';

/**
 * The summaries kept with the writes (decision 0010) stay exact: random
 * sequences of every kind of write, then every summary against a full
 * recount (summaryMismatches), and the facets and analytics the API answers
 * against what the old aggregates over the whole library computed.
 */

const ADMIN_TOKEN = 'summaries-admin-token-0123456789abcdef';
const admin = { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` };
/** Fixed, so a failure replays; fast-check prints the seed and path of the failing sequence. */
const SEED = 21;
const RUNS = 30;

// A small vocabulary, so titles repeat (duplicate refusals) and words compete for the keywords.
const WORDS = ['Email', 'email', 'Review', 'Code', 'Summary', 'Planning', 'Café', "Writer's", 'data-driven', 'with', 'The'];
const CATEGORIES = ['Writing', 'writing', 'Coding', 'Business', ''];
const MODELS = ['GPT-4o', 'gpt 4o', 'o3', 'Claude Sonnet 4'];

const TEXT_OPENINGS = ['Text', 'Kelvin \u212A at İstanbul', 'Tab\tand 100%_done'];
const title = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
// Tags in several spellings that normalise to the same few (packages/shared/src/tags.ts).
const TAGS = ['email', 'Email', 'cold_outreach', 'cold outreach', 'café', 'review'];
const promptInput = fc.record({
  title,
  tags: fc.uniqueArray(fc.constantFrom(...TAGS), { maxLength: 3 }),
  variant: fc.integer({ min: 0, max: 2 }),
  category: fc.constantFrom(...CATEGORIES),
  model: fc.constantFrom(...MODELS),
});
/** An index into the prompts created so far (modulo), or past them: an unknown id. */
const target = fc.nat({ max: 40 });
const user = fc.integer({ min: 1, max: 4 });

const write = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('create' as const), input: promptInput }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('like' as const), target, user, liked: fc.boolean() }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('copy' as const), target, times: fc.integer({ min: 1, max: 6 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('note' as const), target }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hide' as const), target }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('unhide' as const), target }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('import' as const),
      rows: fc.array(fc.record({ input: promptInput, daysAgo: fc.integer({ min: 0, max: 40 }) }), { minLength: 1, maxLength: 5 }),
    }),
  },
);

type PromptInput = typeof promptInput extends fc.Arbitrary<infer T> ? T : never;
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

describe.each(TEST_DIALECTS)('summaries kept with the writes on %s', (dialect) => {
  let t: TestApp;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  const idOf = (index: number) => (index < ids.length * 2 ? ids[index % Math.max(ids.length, 1)] : undefined) ?? 'unknownprompt000';
  const body = (input: PromptInput) => ({
    title: input.title,
    // Texts whose short needles fold differently by database: a Kelvin sign, a dotted capital I, a tab, LIKE's wildcards.
    prompt: `${TEXT_OPENINGS[input.variant] ?? 'Text'} ${input.variant} of ${input.title}`,
    category: input.category,
    model: input.model,
    tags: input.tags,
  });

  async function apply(step: Write): Promise<void> {
    switch (step.kind) {
      case 'create': {
        const response = await t.app.inject({ method: 'POST', url: '/api/prompts', payload: body(step.input) });
        expect([201, 400, 409]).toContain(response.statusCode);
        if (response.statusCode === 201) ids.push(response.json()._id);
        return;
      }
      case 'like': {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/prompts/${idOf(step.target)}/like`,
          headers: { 'user-id': userId(step.user) },
          payload: { liked: step.liked },
        });
        expect([200, 404]).toContain(response.statusCode);
        return;
      }
      case 'copy': {
        // At once, so they go through write-batches.ts together.
        const responses = await Promise.all(
          Array.from({ length: step.times }, () =>
            t.app.inject({ method: 'POST', url: `/api/prompts/${idOf(step.target)}/copy`, headers: JSON_HEADERS }),
          ),
        );
        for (const response of responses) expect([200, 404]).toContain(response.statusCode);
        return;
      }
      case 'note': {
        const response = await t.app.inject({ method: 'POST', url: `/api/comments/${idOf(step.target)}`, payload: { text: 'A note.' } });
        expect([201, 404]).toContain(response.statusCode);
        return;
      }
      case 'hide':
      case 'unhide': {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/admin/prompts/${idOf(step.target)}/${step.kind}`,
          headers: admin,
        });
        expect([200, 404]).toContain(response.statusCode);
        return;
      }
      case 'import': {
        const now = Date.now();
        await importPrompts(
          t.database.db,
          step.rows.map((row, index) => ({
            location: `item ${index}`,
            ...body(row.input),
            createdAt: new Date(now - row.daysAgo * 24 * 60 * 60 * 1000).toISOString(),
          })),
        );
        const stored = await t.database.db.selectFrom('prompts').select('id').execute();
        for (const { id } of stored) if (!ids.includes(id)) ids.push(id);
        return;
      }
    }
  }

  /** What facets and analytics computed before the summaries: aggregates over every visible prompt. */
  async function recountedAnswers() {
    const visible = await t.database.db
      .selectFrom('prompts')
      .select(['title', 'category', 'model', 'like_count', 'copy_count'])
      .where('status', '=', 'visible')
      .execute();
    const tally = (values: string[]) => {
      const counts = new Map<string, number>();
      for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
      return counts;
    };
    return {
      total: visible.length,
      categories: tally(visible.map((row) => row.category)),
      models: tally(visible.map((row) => row.model)),
      keywords: popularKeywords(visible.map((row) => row.title)),
      likes: visible.reduce((sum, row) => sum + row.like_count, 0),
      copies: visible.reduce((sum, row) => sum + row.copy_count, 0),
    };
  }

  it('every summary equals a full recount after random sequences of writes, and so do the answers built on them', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 5, maxLength: 30 }), async (steps) => {
        for (const step of steps) await apply(step);
        // An import writes as the CLI does, beside the app, whose cached answers
        // learn of it with its next write (or their 5 s life): make that write.
        if (steps.some((step) => step.kind === 'import')) {
          const response = await t.app.inject({
            method: 'POST',
            url: '/api/prompts',
            payload: { title: `After import ${ids.length}`, prompt: 'Text.', category: 'Writing', model: 'o3' },
          });
          expect(response.statusCode).toBe(201);
          ids.push(response.json<{ _id: string }>()._id);
        }
        expect(await summaryMismatches(t.database.db)).toEqual([]);
        expect(await tagMismatches(t.database.db)).toEqual([]);
        expect(await similarityBandMismatches(t.database.db)).toEqual([]);
        expect(await counterMismatches(t.database.db)).toEqual([]);
        expect(await searchGramMismatches(t.database.db)).toEqual([]);
        expect(await searchVocabularyMismatches(t.database.db)).toEqual([]);
        expect(await searchWordCountMismatches(t.database.db)).toEqual([]);

        const expected = await recountedAnswers();
        const facets = facetsSchema.parse((await t.app.inject({ url: '/api/facets' })).json());
        expect(facets.total).toBe(expected.total);
        expect(new Map(facets.categories.map((row) => [row.name, row.count]))).toEqual(expected.categories);
        expect(new Map(facets.models.map((row) => [row.name, row.count]))).toEqual(expected.models);
        expect(facets.keywords).toEqual(expected.keywords);
        const list = await t.app.inject({ url: '/api/prompts?limit=1' });
        expect(list.headers['x-total-count']).toBe(String(expected.total));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const analytics = analyticsSchema.parse((await t.app.inject({ url: '/api/analytics' })).json());
    const expected = await recountedAnswers();
    expect(analytics.overview).toEqual({ totalPrompts: expected.total, totalLikes: expected.likes, totalCopies: expected.copies });
    // The sequences did write something, and hid something: the comparison was not of empty tables.
    expect(expected.total).toBeGreaterThan(5);
    const hidden = await t.database.db.selectFrom('prompts').select('id').where('status', '=', 'hidden').execute();
    expect(hidden.length).toBeGreaterThan(0);

    // The recount the generator runs after a bulk load (leaving hidden prompts' likes and copies out its own way) finds what the writes kept.
    const totals = () => t.database.db.selectFrom('summary_totals').select(['prompts', 'likes', 'copies']).execute();
    const sum = (rows: { prompts: number | string; likes: number | string; copies: number | string }[]) =>
      rows.reduce((all, row) => all.map((value, index) => value + Number([row.prompts, row.likes, row.copies][index])), [0, 0, 0]);
    const kept = sum(await totals());
    await recountSummaries(t.database.db);
    expect(sum(await totals())).toEqual(kept);
    expect(kept).toEqual([expected.total, expected.likes, expected.copies]);
    expect(await summaryMismatches(t.database.db)).toEqual([]);
    expect(await searchGramMismatches(t.database.db)).toEqual([]);
    expect(await searchVocabularyMismatches(t.database.db)).toEqual([]);
    expect(await searchWordCountMismatches(t.database.db)).toEqual([]);
  });
});
