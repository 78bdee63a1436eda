import { describe, expect, it } from 'vitest';
import { postgresBuffersLine } from './report';

const MB = 1024 * 1024;

describe('postgresBuffersLine', () => {
  it("says whether PostgreSQL's buffers held the tables and indexes a search reads", () => {
    const small = { sharedBuffersBytes: 128 * MB, sharedBuffers: '128 MB', searchSetBytes: 1339 * MB, searchSet: '1339 MB' };
    expect(postgresBuffersLine([{}, { postgresBuffers: small }])).toBe(
      "PostgreSQL's shared_buffers: 128 MB, against 1339 MB of tables and indexes a search reads; they do not: searches read the pages left out from the operating system's cache (docs/operations.md, Sizing).",
    );
    const large = { ...small, sharedBuffersBytes: 2048 * MB, sharedBuffers: '2048 MB' };
    expect(postgresBuffersLine([{ postgresBuffers: large }])).toContain(
      '2048 MB, against 1339 MB of tables and indexes a search reads; they hold them',
    );
  });

  it('says nothing of a run without PostgreSQL, or from before the sizes were recorded', () => {
    expect(postgresBuffersLine([{}])).toBeUndefined();
    expect(postgresBuffersLine([])).toBeUndefined();
  });
});
