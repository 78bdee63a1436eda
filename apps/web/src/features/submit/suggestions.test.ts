import { describe, expect, it } from 'vitest';
import { filterSuggestions, moveActive } from './suggestions';

const values = ['Coding', 'Copywriting', 'Data Science', 'Writing', 'Writing'];

describe('filterSuggestions', () => {
  it('matches a case-insensitive substring anywhere in the value', () => {
    expect(filterSuggestions(values, 'WRIT')).toEqual(['Copywriting', 'Writing']);
    expect(filterSuggestions(values, 'ata sc')).toEqual(['Data Science']);
  });

  it('offers every distinct value for empty or blank input', () => {
    expect(filterSuggestions(values, '')).toEqual(['Coding', 'Copywriting', 'Data Science', 'Writing']);
    expect(filterSuggestions(values, '   ')).toHaveLength(4);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterSuggestions(values, 'zzz')).toEqual([]);
  });

  it('matches ignoring spaces and punctuation too, as the server does when it stores the value', () => {
    const models = ['Claude Sonnet 4', 'GPT-4o', 'GPT-4o mini', 'Gemini 2.5 Pro'];
    expect(filterSuggestions(models, 'gpt 4o')).toEqual(['GPT-4o', 'GPT-4o mini']);
    expect(filterSuggestions(models, 'gpt4o')).toEqual(['GPT-4o', 'GPT-4o mini']);
    expect(filterSuggestions(models, 'gemini 25')).toEqual(['Gemini 2.5 Pro']);
    expect(filterSuggestions(values, 'data-sci')).toEqual(['Data Science']);
    expect(filterSuggestions(models, 'gpt 5')).toEqual([]);
  });

  it('ignores surrounding spaces in what was typed', () => {
    expect(filterSuggestions(values, ' cod ')).toEqual(['Coding']);
  });
});

describe('moveActive', () => {
  it('starts at the first option going down and the last going up', () => {
    expect(moveActive(-1, 1, 3)).toBe(0);
    expect(moveActive(-1, -1, 3)).toBe(2);
  });

  it('wraps at both ends', () => {
    expect(moveActive(2, 1, 3)).toBe(0);
    expect(moveActive(0, -1, 3)).toBe(2);
    expect(moveActive(1, 1, 3)).toBe(2);
  });

  it('has no active option when the list is empty', () => {
    expect(moveActive(0, 1, 0)).toBe(-1);
  });
});
