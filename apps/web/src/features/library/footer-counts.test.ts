import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS } from './filters';
import { footerCounts } from './footer-counts';

describe("footerCounts: the spec's 'Displaying X of Y prompts'", () => {
  it('X is how many prompts match, Y how many the library holds, whatever has been loaded', () => {
    expect(footerCounts({ matches: 0, libraryTotal: 83, filters: { ...EMPTY_FILTERS, q: 'zzz' } })).toEqual({ shown: 0, total: 83 });
    expect(footerCounts({ matches: 1, libraryTotal: 83, filters: { ...EMPTY_FILTERS, category: 'Coding' } })).toEqual({
      shown: 1,
      total: 83,
    });
    expect(footerCounts({ matches: 5, libraryTotal: 83, filters: { ...EMPTY_FILTERS, likedOnly: true } })).toEqual({ shown: 5, total: 83 });
  });

  it('without a narrowing filter the matches are the library (sorting narrows nothing)', () => {
    expect(footerCounts({ matches: 84, libraryTotal: 83, filters: EMPTY_FILTERS })).toEqual({ shown: 84, total: 84 });
    expect(footerCounts({ matches: 84, libraryTotal: undefined, filters: { ...EMPTY_FILTERS, sort: 'likes_desc' } })).toEqual({
      shown: 84,
      total: 84,
    });
  });

  it('waits for the library total when a filter narrows the list', () => {
    expect(footerCounts({ matches: 3, libraryTotal: undefined, filters: { ...EMPTY_FILTERS, model: 'o3' } })).toBeUndefined();
  });

  it('never says a search found more prompts than the library holds (the library total may be older than the list)', () => {
    expect(footerCounts({ matches: 90, libraryTotal: 83, filters: { ...EMPTY_FILTERS, q: 'the' } })).toEqual({ shown: 90, total: 90 });
  });
});
