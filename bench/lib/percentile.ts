/** The value below which `share` of the samples fall (nearest rank); `sorted` is ascending. */
export const percentile = (sorted: readonly number[], share: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
