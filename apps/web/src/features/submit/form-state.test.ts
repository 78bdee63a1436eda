import { PROMPT_LIMITS } from '@prompt-vault/shared/limits';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FORM,
  counterState,
  emptyFields,
  limitErrors,
  serverFieldErrors,
  submitBlocker,
  tagSuggestions,
  tagsError,
  tagsFromText,
} from './form-state';

const filled = { title: 'T', prompt: 'P', category: 'C', model: 'M' };

describe('counterState', () => {
  it('stays hidden up to 80% of the limit and appears just past it', () => {
    expect(counterState('a'.repeat(40), 50).visible).toBe(false);
    expect(counterState('a'.repeat(41), 50)).toEqual({ visible: true, over: false, text: '41/50' });
  });

  it('is not flagged at exactly the limit and flagged one past it', () => {
    expect(counterState('a'.repeat(50), 50)).toEqual({ visible: true, over: false, text: '50/50' });
    expect(counterState('a'.repeat(51), 50)).toEqual({ visible: true, over: true, text: '51/50' });
  });

  it('counts an emoji as one character', () => {
    const emoji = '😀'.repeat(50);
    expect(emoji.length).toBe(100);
    expect(counterState(emoji, 50)).toEqual({ visible: true, over: false, text: '50/50' });
    expect(counterState(`${emoji}😀`, 50).over).toBe(true);
  });

  it('counts the trimmed text, as the server does', () => {
    expect(counterState(`${'a'.repeat(50)}   `, 50)).toEqual({ visible: true, over: false, text: '50/50' });
  });
});

describe('limitErrors', () => {
  it('has no errors at the limits', () => {
    const atLimits = {
      title: 'a'.repeat(PROMPT_LIMITS.title),
      prompt: 'a'.repeat(PROMPT_LIMITS.prompt),
      category: 'a'.repeat(PROMPT_LIMITS.category),
      model: 'a'.repeat(PROMPT_LIMITS.model),
    };
    expect(limitErrors(atLimits)).toEqual({});
  });

  it("names each field over its limit with 'Exceeds {limit} character limit'", () => {
    expect(limitErrors({ ...filled, title: 'a'.repeat(51), model: 'a'.repeat(26) })).toEqual({
      title: 'Exceeds 50 character limit',
      model: 'Exceeds 25 character limit',
    });
    expect(limitErrors({ ...filled, prompt: 'a'.repeat(5001), category: 'a'.repeat(26) })).toEqual({
      prompt: 'Exceeds 5000 character limit',
      category: 'Exceeds 25 character limit',
    });
  });
});

describe('submitBlocker', () => {
  it('asks to fix fields first, even when others are empty', () => {
    expect(submitBlocker(EMPTY_FORM, true)).toBe('Please fix the highlighted fields before submitting.');
  });

  it('asks for the required fields when one is empty or blank', () => {
    expect(submitBlocker({ ...filled, model: '  ' }, false)).toBe('Please fill in all required fields.');
    expect(emptyFields({ ...filled, model: '  ', title: '' })).toEqual(['title', 'model']);
  });

  it('lets a complete form through', () => {
    expect(submitBlocker(filled, false)).toBeNull();
  });
});

describe('serverFieldErrors', () => {
  it('keeps only the form fields', () => {
    expect(serverFieldErrors({ title: 'Title is required', website: 'x' })).toEqual({ title: 'Title is required' });
    expect(serverFieldErrors(undefined)).toEqual({});
  });
});

describe('the tags field', () => {
  it('reads comma-separated tags by the API rule', () => {
    expect(tagsFromText(' Email, Cover Letter ,email,, ')).toEqual(['email', 'cover-letter']);
    expect(tagsFromText('')).toEqual([]);
  });

  it('says why tags would be refused, and nothing when they are fine', () => {
    expect(tagsError('')).toBeUndefined();
    expect(tagsError('email, work')).toBeUndefined();
    expect(tagsError('aa, bb, cc, dd, ee, ff')).toBe('At most 5 tags');
    expect(tagsError('ok, <b>')).toContain('"<b>"');
    expect(tagsError('x'.repeat(26))).toContain('2-25');
  });

  it('suggests tags in use for the tag being typed, as whole field values, leaving out chosen ones', () => {
    const inUse = ['email', 'work', 'coding'];
    expect(tagSuggestions('', inUse)).toEqual(['email', 'work', 'coding']);
    expect(tagSuggestions('email, wo', inUse)).toEqual(['email, work', 'email, coding']);
    expect(tagSuggestions('Email,', inUse)).toEqual(['Email, work', 'Email, coding']);
  });
});
