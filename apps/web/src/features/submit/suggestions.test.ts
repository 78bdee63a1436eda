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
