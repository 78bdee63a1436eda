import { describe, expect, it } from 'vitest';
import { RELEVANCE_NEEDLES, TAG_FILTERS, orderRounds } from './order-comparison';
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
