import { apiErrorSchema } from '@prompt-vault/shared/schemas';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, userId } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { counterMismatches, summaryMismatches } from './invariants';

/** At least this many generated requests per database (issue 7). */
const RUNS = 10_000;
const ADMIN_TOKEN = 'fuzz-admin-token-0123456789abcdef';

// Strings that have broken servers before: NUL, bidi overrides, zero-width and
// byte-order marks, astral and combining characters, lone surrogates, SQL and
// LIKE metacharacters, markup, path tricks, prototype keys, huge numbers.
const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200B',
  '\u200D\u200C',
  '\uFEFF',
  '\uD800',
  '\uDFFF',
  '𝕏🙂👩‍👩‍👧',
  'e\u0301\u0301\u0301',
  '﷽',
  'ﷺ',
  '\u0645\u0631\u062D\u0628\u0627',
  '%',
  '_',
  '\\',
  "'",
  '"',
  "' OR 1=1 --",
  '%_%',
  '[',
  '*',
  '../../etc/passwd',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '1e400',
  '-0',
  '9007199254740993',
  '123456789012345678901234567890',
  '0x10',
  'true',
  '[]',
  '{}',
  '\t\n\r',
  ' '.repeat(300),
];

const text = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1000, maxLength: 6000, unit: 'grapheme-ascii' }) },
);

const hugeNumber = fc.oneof(
  fc.double(),
  fc.constantFrom(Number.MAX_VALUE, -Number.MAX_VALUE, Number.MAX_SAFE_INTEGER + 2, 1e308, -1, 0, 0.5),
);

const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  hugeNumber,
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 4 }),
  fc.array(text, { maxLength: 4 }),
  fc.dictionary(text, text, { maxKeys: 4 }),
);

/** A field that is usually well-formed, so requests get past validation and reach the database. */
const field = (valid: fc.Arbitrary<unknown>) => fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: anyValue });

/** Header values must be Latin-1 without control characters, or the client library refuses them. */
const headerSafe = (value: string) => value.replace(/[^\x20-\x7e]/g, '');

/** Percent-encodes a path segment; lone surrogates (not encodable) become U+FFFD first. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

interface Pools {
  readonly promptIds: string[];
  readonly commentIds: string[];
}

interface FuzzRequest {
  readonly method: NonNullable<InjectOptions['method']>;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
}

function requestArbitrary(pools: Pools): fc.Arbitrary<FuzzRequest> {
  const pick = (list: () => string[]) => fc.nat().map((index) => list()[index % Math.max(1, list().length)] ?? 'none');
  const id = fc.oneof(
    { weight: 4, arbitrary: pick(() => pools.promptIds) },
    { weight: 2, arbitrary: pick(() => pools.commentIds) },
    { weight: 2, arbitrary: text.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%00', '..', '.', '%2F', 'a/b', '%E0%A4%A', '?', '#x') },
  );
  const path = fc.oneof(
    fc.constant('/api/prompts'),
    id.map((value) => `/api/prompts/${value}`),
    id.map((value) => `/api/prompts/${value}/like`),
    id.map((value) => `/api/prompts/${value}/copy`),
    id.map((value) => `/api/comments/${value}`),
    fc.constantFrom('/api/facets', '/api/analytics', '/api/health', '/api/reports', '/api/admin/reports', '/api', '/', '/api/'),
    fc
      .tuple(fc.constantFrom('prompts', 'comments'), id, fc.constantFrom('hide', 'unhide', 'delete'))
      .map(([kind, value, action]) => `/api/admin/${kind}/${value}/${action}`),
    fc.array(text.map(encodeSegment), { minLength: 1, maxLength: 4 }).map((parts) => `/api/${parts.join('/')}`),
  );
  const queryValue = fc.oneof(
    text,
    fc.constantFrom(
      'likes_desc',
      'likes_asc',
      'newest',
      'copies_desc',
      'true',
      'false',
      '1',
      '100',
      '101',
      '0',
      '-1',
      '1.5',
      'eyJ2IjoxfQ',
      'xx',
    ),
  );
  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom('q', 'category', 'model', 'sort', 'liked', 'limit', 'cursor'), text), queryValue), {
      maxLength: 4,
    })
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [key, value] of pairs) params.append(key, value);
      const encoded = params.toString();
      return encoded ? `?${encoded}` : '';
    });
  const honeypot = fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: text });
  const shaped = <T>(arbitrary: fc.Arbitrary<T>) => arbitrary.map((value) => JSON.stringify(value));
  const promptBody = shaped(
    fc.record({
      title: field(fc.string({ minLength: 1, maxLength: 50 })),
      prompt: field(fc.string({ minLength: 1, maxLength: 200 })),
      category: field(fc.constantFrom('Writing', 'Code', 'Ünïcödé', '<b>x</b>')),
      model: field(fc.constantFrom('GPT-4', 'Claude', 'Llama 3')),
      website: honeypot,
    }),
  );
  const commentBody = shaped(
    fc.record({
      text: field(fc.string({ minLength: 1, maxLength: 200 })),
      author: fc.option(field(fc.string({ maxLength: 40 })), { nil: undefined }),
      website: honeypot,
    }),
  );
  const likeBody = shaped(fc.record({ liked: field(fc.boolean()) }));
  const reportBody = shaped(
    fc.record({
      targetType: field(fc.constantFrom('prompt', 'comment')),
      targetId: field(pick(() => [...pools.promptIds, ...pools.commentIds])),
      reason: field(fc.constantFrom('spam', 'offensive', 'other')),
    }),
  );
  const body = fc.oneof(
    promptBody,
    commentBody,
    likeBody,
    reportBody,
    { weight: 1, arbitrary: anyValue.map((value) => JSON.stringify(value) ?? 'null') },
    {
      weight: 1,
      arbitrary: fc.oneof(
        text,
        fc.constantFrom('{', '{"a":', '[1,2', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', 'x'.repeat(70 * 1024)),
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const headers = fc.record(
    {
      'content-type': fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json; charset=latin1',
          'application/jsonx',
          '',
        ),
        text.map(headerSafe),
      ),
      'user-id': fc.oneof(
        { weight: 6, arbitrary: fc.nat({ max: 30 }).map((index) => userId(index)) },
        fc.constantFrom('anonymous', 'user_', 'user_short', `user_${'x'.repeat(65)}`, 'user_ok-but-<b>'),
        text.map(headerSafe),
      ),
      authorization: fc.oneof(
        fc.constant(`Bearer ${ADMIN_TOKEN}`),
        fc.constant(`Bearer ${ADMIN_TOKEN}x`),
        text.map((value) => `Bearer ${headerSafe(value)}`),
      ),
      'x-forwarded-for': text.map(headerSafe),
      accept: fc.constantFrom('application/json', 'text/html', '*/*'),
    },
    { requiredKeys: [] },
  );
  const method = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('GET', 'POST') },
    { weight: 1, arbitrary: fc.constantFrom('PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD') },
  );
  // Mostly well-aimed calls (a real route with its kind of body), so requests
  // reach the services and the database; the rest is random in every part.
  type Call = [string, string, string | undefined];
  const aimed: fc.Arbitrary<Call> = fc.oneof(
    fc.tuple(fc.constant('POST'), fc.constant('/api/prompts'), promptBody),
    fc.tuple(
      fc.constant('POST'),
      id.map((value) => `/api/comments/${value}`),
      commentBody,
    ),
    fc.tuple(
      fc.constant('POST'),
      id.map((value) => `/api/prompts/${value}/like`),
      likeBody,
    ),
    fc.tuple(
      fc.constant('POST'),
      id.map((value) => `/api/prompts/${value}/copy`),
      fc.constantFrom(undefined, '', '{}'),
    ),
    fc.tuple(fc.constant('POST'), fc.constant('/api/reports'), reportBody),
    fc.tuple(
      fc.constant('POST'),
      fc
        .tuple(fc.constantFrom('prompts', 'comments'), id, fc.constantFrom('hide', 'unhide'))
        .map(([kind, value, action]) => `/api/admin/${kind}/${value}/${action}`),
      fc.constant(undefined),
    ),
    fc.tuple(fc.constant('GET'), path, fc.constant(undefined)),
  );
  const random: fc.Arbitrary<Call> = fc.tuple(method, path, body);
  return fc
    .record({
      call: fc.oneof({ weight: 3, arbitrary: aimed }, { weight: 2, arbitrary: random }),
      query,
      headers,
    })
    .map(({ call: [verb, url, payload], query: search, headers: sent }) => ({
      method: verb as FuzzRequest['method'],
      url: `${url}${search}`,
      headers: Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== '')),
      ...(payload === undefined || verb === 'GET' || verb === 'HEAD' ? {} : { payload }),
    }));
}

describe.each(TEST_DIALECTS)('fuzzing every endpoint on %s', (dialect) => {
  let t: TestApp;
  const pools: Pools = { promptIds: [], commentIds: [] };

  beforeAll(async () => {
    t = await createTestApp(dialect, { ADMIN_TOKEN });
    for (let index = 0; index < 5; index += 1) {
      const prompt = await t.app.inject({
        method: 'POST',
        url: '/api/prompts',
        payload: { title: `Seed ${index}`, prompt: `Seed text ${index}`, category: 'Writing', model: 'GPT-4' },
      });
      pools.promptIds.push(prompt.json()._id);
      const comment = await t.app.inject({ method: 'POST', url: `/api/comments/${prompt.json()._id}`, payload: { text: `note ${index}` } });
      pools.commentIds.push(comment.json()._id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it(`answers ${RUNS} generated requests without a 5xx, errors in the one shape, counters exact`, async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(requestArbitrary(pools), async (request) => {
        const response = await t.app.inject(request);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          throw new Error(`${request.method} ${request.url} -> ${response.statusCode} ${response.body}`);
        }
        if (response.statusCode >= 400 && request.method !== 'HEAD') {
          const parsed = apiErrorSchema.safeParse(response.json());
          if (!parsed.success)
            throw new Error(`${request.method} ${request.url} -> ${response.statusCode} not in the error shape: ${response.body}`);
        }
        // Keep the id pools growing, so later requests hit real rows.
        if (response.statusCode === 201 && request.url.startsWith('/api/prompts')) pools.promptIds.push(response.json()._id);
        if (response.statusCode === 201 && request.url.startsWith('/api/comments/')) pools.commentIds.push(response.json()._id);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    const total = [...statuses.values()].reduce((sum, count) => sum + count, 0);
    expect(total).toBeGreaterThanOrEqual(RUNS);
    // The fuzz reached past validation into the database, not just 400s. Each run draws its own requests
    // (no fixed seed): 997-1,132 of 10,000 were 200s in session 23's runs, so the bound sits well below that.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(RUNS / 20);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(50);
    expect(await counterMismatches(t.database.db)).toEqual([]);
    expect(await summaryMismatches(t.database.db)).toEqual([]);
    console.info(
      `fuzz on ${dialect}: ${total} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
  }, 300_000);
});
