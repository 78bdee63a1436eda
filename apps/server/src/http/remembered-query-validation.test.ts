import { listQuerySchema } from '@prompt-vault/shared/schemas';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../testing/test-app';
import { TEST_DIALECTS } from '../testing/test-database';
import { LONGEST_REMEMBERED_QUERY, REMEMBERED_QUERIES_PER_ROUTE, rememberingQueryValidation } from './remembered-query-validation';

/** The real zod validator compiler, counting the validations it runs. */
function countingCompiler() {
  const counted = { validations: 0 };
  const compile = rememberingQueryValidation<ZodType>((route) => {
    const validate = validatorCompiler(route);
    return (data) => {
      counted.validations += 1;
      return validate(data);
    };
  });
  return { compile, counted };
}

function route(httpPart: string): FastifyRouteSchemaDef<ZodType> {
  return { schema: listQuerySchema, method: 'GET', url: '/api/prompts', httpPart };
}

describe('rememberingQueryValidation', () => {
  it('validates a querystring once and answers it again with the same frozen value', () => {
    const { compile, counted } = countingCompiler();
    const validate = compile(route('querystring'));
    const first = validate({ tags: 'Email,  Work', limit: '48' }) as { value: { tags: string[]; limit: number } };
    const again = validate({ tags: 'Email,  Work', limit: '48' }) as { value: { tags: string[]; limit: number } };
    expect(first.value).toEqual({ tags: ['email', 'work'], limit: 48 });
    expect(again).toBe(first);
    expect(counted.validations).toBe(1);
    expect(Object.isFrozen(first.value)).toBe(true);
    expect(() => first.value.tags.push('more')).toThrow(TypeError);
  });

  it('validates an invalid querystring every time, so each request gets its own error', () => {
    const { compile, counted } = countingCompiler();
    const validate = compile(route('querystring'));
    const first = validate({ limit: '0' }) as { error?: unknown };
    const again = validate({ limit: '0' }) as { error?: unknown };
    expect(first.error).toBeDefined();
    expect(again.error).toBeDefined();
    expect(again.error).not.toBe(first.error);
    expect(counted.validations).toBe(2);
  });

  it('remembers as many querystrings as its bound, then drops the one least recently asked', () => {
    const { compile, counted } = countingCompiler();
    const validate = compile(route('querystring'));
    for (let index = 0; index < REMEMBERED_QUERIES_PER_ROUTE; index += 1) validate({ q: `needle ${index}` });
    // Every one of them is still remembered; asking the first again makes it the most recent.
    for (let index = 0; index < REMEMBERED_QUERIES_PER_ROUTE; index += 1) validate({ q: `needle ${index}` });
    validate({ q: 'needle 0' });
    expect(counted.validations).toBe(REMEMBERED_QUERIES_PER_ROUTE);
    // One more pushes out the least recently asked ("needle 1"), not the first inserted.
    validate({ q: 'one more' });
    validate({ q: 'needle 0' });
    expect(counted.validations).toBe(REMEMBERED_QUERIES_PER_ROUTE + 1);
    validate({ q: 'needle 1' });
    expect(counted.validations).toBe(REMEMBERED_QUERIES_PER_ROUTE + 2);
  });

  it('remembers a querystring up to its length limit, and not one longer', () => {
    const { compile, counted } = countingCompiler();
    const validate = compile(route('querystring'));
    // Valid, every field within its own limit; the cursor's length sets the key's.
    const withCursor = (cursorLength: number) => ({
      q: 'a'.repeat(200),
      category: 'b'.repeat(200),
      model: 'm'.repeat(200),
      cursor: 'c'.repeat(cursorLength),
    });
    const keyLength = (cursorLength: number) => JSON.stringify(withCursor(cursorLength)).length;
    const atLimit = LONGEST_REMEMBERED_QUERY - keyLength(0);
    expect(keyLength(atLimit)).toBe(LONGEST_REMEMBERED_QUERY);
    expect(validate(withCursor(atLimit))).toHaveProperty('value');
    validate(withCursor(atLimit));
    expect(counted.validations).toBe(1);
    expect(validate(withCursor(atLimit + 1))).toHaveProperty('value');
    validate(withCursor(atLimit + 1));
    expect(counted.validations).toBe(3);
  });

  it('leaves bodies and other parts to the compiler as they were', () => {
    const { compile, counted } = countingCompiler();
    const validate = compile(route('body'));
    validate({ limit: '48' });
    validate({ limit: '48' });
    expect(counted.validations).toBe(2);
  });
});

describe.each(TEST_DIALECTS)('a querystring asked again, on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response;
  };
  const create = (title: string, tags: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/prompts',
      payload: { title, prompt: `${title}, a prompt`, category: 'Writing', model: 'o3', tags },
    });

  it('is answered from the library as it is now, on every route that validates a querystring', async () => {
    expect((await create('Weekly Newsletter Outline', ['email', 'work'])).statusCode).toBe(201);
    const filtered = '/api/prompts?limit=10&tags=Work,EMAIL&q=newsletter';
    const counted = '/api/prompts/count?tags=work,email&q=newsletter';
    expect((await get(filtered)).json().map((prompt: { title: string }) => prompt.title)).toEqual(['Weekly Newsletter Outline']);
    expect((await get(counted)).json()).toEqual({ total: 1 });
    expect((await get('/api/search/suggest?q=newsleter')).statusCode).toBe(200);

    expect((await create('Monthly Newsletter Plan', ['work', 'email'])).statusCode).toBe(201);
    const again = await get(filtered);
    expect(again.json().map((prompt: { title: string }) => prompt.title)).toEqual(['Monthly Newsletter Plan', 'Weekly Newsletter Outline']);
    expect(again.headers['x-total-count']).toBe('2');
    expect((await get(counted)).json()).toEqual({ total: 2 });
    expect((await get('/api/search/suggest?q=newsleter')).statusCode).toBe(200);
    // The same querystring with a value that fails is still a 400 each time.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect((await t.app.inject({ url: '/api/prompts?limit=0&tags=work' })).statusCode).toBe(400);
    }
  });
});
