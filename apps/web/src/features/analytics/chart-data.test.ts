import { PIE_MAX_SLICES } from '@prompt-vault/shared/limits';
import { describe, expect, it } from 'vitest';
import { displayName, groupSlices, percentage, sliceLabel, sliceTotal } from './chart-data';

const stats = (counts: number[]) => counts.map((count, index) => ({ name: `c${String(index).padStart(2, '0')}`, count }));

describe('groupSlices', () => {
  it('keeps up to 14 slices as they are, largest first', () => {
    const input = stats([1, 5, 3, 14, 2, 6, 7, 8, 9, 10, 11, 12, 13, 4]);
    const slices = groupSlices(input);
    expect(slices).toHaveLength(PIE_MAX_SLICES);
    expect(slices.map((slice) => slice.count)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(slices.some((slice) => slice.name === 'Other')).toBe(false);
  });

  it('turns 15 categories into the 14 largest plus Other with the smallest count', () => {
    const input = stats([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 3]);
    const slices = groupSlices(input);
    expect(slices).toHaveLength(15);
    expect(slices.at(-1)).toEqual({ name: 'Other', count: 3 });
    expect(slices.slice(0, 14).map((slice) => slice.count)).toEqual([20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7]);
  });

  it('sums every slice beyond the 14th into Other, so the total is unchanged', () => {
    const input = stats(Array.from({ length: 40 }, (_, index) => index + 1));
    const slices = groupSlices(input);
    expect(slices).toHaveLength(15);
    // The 26 smallest are 1..26.
    expect(slices.at(-1)).toEqual({ name: 'Other', count: (26 * 27) / 2 });
    expect(sliceTotal(slices)).toBe(sliceTotal(input));
  });

  it('sorts the input by count even when it arrives unsorted, ties by name', () => {
    const slices = groupSlices([
      { name: 'b', count: 2 },
      { name: 'a', count: 2 },
      { name: 'c', count: 9 },
    ]);
    expect(slices.map((slice) => slice.name)).toEqual(['c', 'a', 'b']);
  });

  it('honours a smaller maximum', () => {
    expect(groupSlices(stats([5, 4, 3, 2]), 2)).toEqual([
      { name: 'c00', count: 5 },
      { name: 'c01', count: 4 },
      { name: 'Other', count: 5 },
    ]);
  });
});

describe('percentage', () => {
  it.each([
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13], // 12.5 rounds up
    [1, 200, 1], // 0.5 rounds up
    [1, 201, 0],
    [3, 3, 100],
    [0, 10, 0],
  ])('%i of %i is %i%%', (count, total, expected) => {
    expect(percentage(count, total)).toBe(expected);
  });

  it('is 0 when there is no total', () => {
    expect(percentage(0, 0)).toBe(0);
  });
});

describe('sliceLabel', () => {
  it("reads 'name: count (pct%)'", () => {
    expect(sliceLabel('Writing', 7, 21)).toBe('Writing: 7 (33%)');
  });
});

describe('displayName', () => {
  it.each([[''], ['   '], [null], [undefined]])('shows %j as Uncategorized', (name) => {
    expect(displayName(name)).toBe('Uncategorized');
  });

  it('keeps a real name', () => {
    expect(displayName('Coding')).toBe('Coding');
  });
});
