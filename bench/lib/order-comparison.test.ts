import { describe, expect, it } from 'vitest';
import { RELEVANCE_NEEDLES, TAG_FILTERS, cachedOrderRatios, orderRounds } from './order-comparison';
import { percentile } from './percentile';

describe('the order comparisons', () => {
  it.each([
    ['best match', RELEVANCE_NEEDLES.length],
    ['the tag filter', TAG_FILTERS.length],
  ])('time enough requests in %s that the p99 leaves the two slowest out', (_row, filters) => {
    const requests = filters * orderRounds(filters);
    // Distinct times, slowest last: the p99 must leave at least the two slowest out.
    const times = Array.from({ length: requests }, (_, index) => index);
    expect(percentile(times, 0.99)).toBeLessThanOrEqual(requests - 3);
  });
});

describe('the cached order comparison', () => {
  const row = (name: string, p99: number) => ({ name, app: { p99 } });

  it('sets each order against the same request sorted by likes, not against another row', () => {
    const ratios = cachedOrderRatios([
      row('search', 9),
      row('search-likes', 4),
      row('search-relevance', 5),
      row('tags', 3),
      row('tags-likes', 2),
    ]);
    expect(ratios).toEqual([
      { order: 'best match', p99Ms: 5, likesP99Ms: 4, ratio: 1.25 },
      { order: 'tag filter', p99Ms: 3, likesP99Ms: 2, ratio: 1.5 },
    ]);
  });

  it('leaves out a pair whose rows a run did not measure (runs before the rows existed)', () => {
    expect(cachedOrderRatios([row('tags', 3), row('search-relevance', 5)])).toEqual([]);
  });
});
