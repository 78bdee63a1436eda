/**
 * Query keys of data more than one screen reads, defined once so a mutation
 * in one feature can invalidate what another feature shows.
 */
export const queryKeys = {
  facets: ['facets'] as const,
  analytics: ['analytics'] as const,
};
