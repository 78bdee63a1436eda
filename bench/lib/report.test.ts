import { describe, expect, it } from 'vitest';
import { postgresBuffersLine } from './report';

const MB = 1024 * 1024;
const small = { sharedBuffersBytes: 128 * MB, sharedBuffers: '128 MB', searchSetBytes: 1339 * MB, searchSet: '1339 MB' };

describe('postgresBuffersLine', () => {
  it("gives PostgreSQL's buffers and what a search reads, from whichever dialect has them", () => {
    const line = postgresBuffersLine([{}, { postgresBuffers: small }]);
    expect(line).toContain('shared_buffers: 128 MB, against 1339 MB of tables and indexes a search reads');
    expect(line).toContain('docs/operations.md');
  });

  it('says whether the buffers held them', () => {
    expect(postgresBuffersLine([{ postgresBuffers: small }])).toContain('they do not:');
    const large = { ...small, sharedBuffersBytes: 2048 * MB, sharedBuffers: '2048 MB' };
    expect(postgresBuffersLine([{ postgresBuffers: large }])).toContain('they hold them');
    expect(postgresBuffersLine([{ postgresBuffers: large }])).not.toContain('they do not');
  });

  it('says nothing of a run without PostgreSQL, or from before the sizes were recorded', () => {
    expect(postgresBuffersLine([{}])).toBeUndefined();
    expect(postgresBuffersLine([])).toBeUndefined();
  });
});
