import { listQuerySchema } from '@prompt-vault/shared/schemas';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { describe, expect, it } from 'vitest';
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

  it('remembers a bounded number of querystrings, dropping the oldest first', () => {
    const { compile, counted } = countingCompiler();
    const validate = compile(route('querystring'));
    for (let index = 0; index <= REMEMBERED_QUERIES_PER_ROUTE; index += 1) validate({ q: `needle ${index}` });
    expect(counted.validations).toBe(REMEMBERED_QUERIES_PER_ROUTE + 1);
    validate({ q: `needle ${REMEMBERED_QUERIES_PER_ROUTE}` });
    expect(counted.validations).toBe(REMEMBERED_QUERIES_PER_ROUTE + 1);
    validate({ q: 'needle 0' });
    expect(counted.validations).toBe(REMEMBERED_QUERIES_PER_ROUTE + 2);
  });

  it('does not remember a querystring too long to be worth keeping', () => {
    const { compile, counted } = countingCompiler();
    const validate = compile(route('querystring'));
    // Valid, every field within its own limit, and longer than the memo keeps.
    const long = { q: 'a'.repeat(200), category: 'b'.repeat(200), model: 'm'.repeat(200), cursor: 'c'.repeat(500) };
    expect(JSON.stringify(long).length).toBeGreaterThan(LONGEST_REMEMBERED_QUERY);
    expect(validate(long)).toHaveProperty('value');
    validate(long);
    expect(counted.validations).toBe(2);
  });

  it('leaves bodies and other parts to the compiler as they were', () => {
    const { compile, counted } = countingCompiler();
    const validate = compile(route('body'));
    validate({ limit: '48' });
    validate({ limit: '48' });
    expect(counted.validations).toBe(2);
  });
});
