import { describe, expect, it } from 'vitest';
import { listQuerySchema, promptInputSchema, tagListSchema } from './schemas';
import { isValidTag, normaliseTag, normaliseTags, splitTagList } from './tags';

describe('normaliseTag', () => {
  it('trims, lower-cases and turns each run of spaces or underscores into one hyphen', () => {
    expect(normaliseTag('  Cover Letter ')).toBe('cover-letter');
    expect(normaliseTag('SQL__query  _ tuning')).toBe('sql-query-tuning');
    expect(normaliseTag('Über Café')).toBe('über-café');
  });

  it('composes a decomposed letter, so one word typed two ways is one tag', () => {
    expect(normaliseTag('Cafe\u0301')).toBe('café');
  });
});

describe('isValidTag', () => {
  it('accepts 2-25 letters of any script, digits and hyphens', () => {
    expect(isValidTag('ab')).toBe(true);
    expect(isValidTag('a'.repeat(25))).toBe(true);
    expect(isValidTag('gpt-4o')).toBe(true);
    expect(isValidTag('日本語')).toBe(true);
    expect(isValidTag('हिन्दी')).toBe(true);
    expect(isValidTag('письмо')).toBe(true);
  });

  it('refuses one character, 26 characters, markup and punctuation', () => {
    expect(isValidTag('a')).toBe(false);
    expect(isValidTag('a'.repeat(26))).toBe(false);
    expect(isValidTag('<b>')).toBe(false);
    expect(isValidTag('c++')).toBe(false);
    expect(isValidTag('a.b')).toBe(false);
    expect(isValidTag('😀😀')).toBe(false);
  });
});

describe('normaliseTags and splitTagList', () => {
  it('merges tags equal after normalising, keeping the first order', () => {
    expect(normaliseTags(['Email', 'work', ' EMAIL ', 'cover letter', 'cover_letter'])).toEqual(['email', 'work', 'cover-letter']);
  });

  it('splits a comma list and ignores blank items', () => {
    expect(splitTagList('email, work,,')).toEqual(['email', 'work']);
    expect(splitTagList('')).toEqual([]);
  });
});

describe('tagListSchema', () => {
  it('accepts five tags, and six that merge into five', () => {
    expect(tagListSchema.parse(['a1', 'b2', 'c3', 'd4', 'e5'])).toHaveLength(5);
    expect(tagListSchema.parse(['a1', 'b2', 'c3', 'd4', 'e5', 'A1 '])).toEqual(['a1', 'b2', 'c3', 'd4', 'e5']);
  });

  it('refuses six distinct tags, a 26-character tag, markup and a string instead of a list', () => {
    expect(tagListSchema.safeParse(['a1', 'b2', 'c3', 'd4', 'e5', 'f6']).success).toBe(false);
    expect(tagListSchema.safeParse(['x'.repeat(26)]).success).toBe(false);
    expect(tagListSchema.safeParse(['<script>']).success).toBe(false);
    expect(tagListSchema.safeParse('email').success).toBe(false);
    expect(tagListSchema.safeParse([3]).success).toBe(false);
  });

  it('is optional on a new prompt, and normalised when given', () => {
    const base = { title: 'T', prompt: 'P', category: 'C', model: 'M' };
    expect(promptInputSchema.parse(base).tags).toBeUndefined();
    expect(promptInputSchema.parse({ ...base, tags: ['Cover Letter'] }).tags).toEqual(['cover-letter']);
  });
});

describe('the list query tags parameter', () => {
  it('becomes the normalised list', () => {
    expect(listQuerySchema.parse({ tags: 'Email,Cover Letter' }).tags).toEqual(['email', 'cover-letter']);
    expect(listQuerySchema.parse({ tags: '' }).tags).toEqual([]);
  });

  it('refuses an invalid tag', () => {
    expect(listQuerySchema.safeParse({ tags: 'ok,<b>' }).success).toBe(false);
  });
});
