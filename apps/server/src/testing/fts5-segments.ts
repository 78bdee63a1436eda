import { type Segment, pagesOf } from '../db/migrations/0024-full-text-large-segments-lifted';

export { type Segment, pagesOf, segmentsOf } from '../db/migrations/0024-full-text-large-segments-lifted';

/**
 * How many leaf pages of the segments `before` a write merged away: all of
 * a segment gone, and what a merge under way took from the start of one.
 */
export function pagesMerged(before: readonly Segment[], after: readonly Segment[]): number {
  const now = new Map(after.map((segment) => [segment.id, segment]));
  return before.reduce((merged, segment) => {
    const left = now.get(segment.id);
    return merged + (left ? left.firstPage - segment.firstPage : pagesOf(segment));
  }, 0);
}
