import { describe, expect, it } from 'vitest';
import { walkReads } from './listing';
import { shortestWalkedList, walkOrderFor } from './search';

// The meeting points of docs/performance.md: a page looked up from its match list against the same page walked.
describe('walkOrderFor', () => {
  it('on PostgreSQL walks shorter lists when the walk reads index entries than when it reads each row', () => {
    const candidates = 100_000;
    expect(shortestWalkedList('postgres', candidates, 'index entries')).toBeLessThan(shortestWalkedList('postgres', candidates, 'rows'));
    // Random lists met near 450 matches walking the index alone; a best-match tier's walk of rows near 1,260.
    expect(walkOrderFor('postgres', 450, candidates, 'index entries')).toBe(true);
    expect(walkOrderFor('postgres', 450, candidates, 'rows')).toBe(false);
    expect(walkOrderFor('postgres', 1300, candidates, 'rows')).toBe(true);
    // At 1,000,000 prompts 1,400 matches were looked up in 12.4 ms and walked in 8.7, 850 in 9.2 and 14.
    expect(walkOrderFor('postgres', 1400, 1_000_000, 'index entries')).toBe(true);
    expect(walkOrderFor('postgres', 850, 1_000_000, 'index entries')).toBe(false);
  });

  it('on SQLite walks from the same length either way, as it tests the rowid of each index entry', () => {
    const candidates = 100_000;
    expect(shortestWalkedList('sqlite', candidates, 'index entries')).toBe(shortestWalkedList('sqlite', candidates, 'rows'));
    expect(walkOrderFor('sqlite', 320, candidates, 'rows')).toBe(true);
    expect(walkOrderFor('sqlite', 300, candidates, 'rows')).toBe(false);
  });
});

describe('walkReads', () => {
  it('reads index entries alone in any order but best match, unless a category and a model are both asked for', () => {
    for (const sort of ['newest', 'likes_desc', 'likes_asc', 'copies_desc'] as const) {
      expect(walkReads(sort, { q: 'plan' })).toBe('index entries');
      expect(walkReads(sort, { q: 'plan', category: 'Coding' })).toBe('index entries');
      expect(walkReads(sort, { q: 'plan', model: 'o3', tags: ['coding'] })).toBe('index entries');
      expect(walkReads(sort, { q: 'plan', category: 'Coding', model: 'o3' })).toBe('rows');
    }
    expect(walkReads('relevance', { q: 'plan' })).toBe('rows');
  });
});
