import { describe, expect, it } from 'vitest';
import { RecentlyUsed } from './recently-used';

describe('RecentlyUsed', () => {
  it('keeps its limit of entries, dropping the least recently used', () => {
    const recent = new RecentlyUsed<string, number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    // Reading "a" makes "b" the least recent.
    expect(recent.get('a')).toBe(1);
    recent.set('c', 3);
    expect(recent.size).toBe(2);
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')).toBe(1);
    expect(recent.get('c')).toBe(3);
  });

  it('counts a key written again once, as the most recent', () => {
    const recent = new RecentlyUsed<string, number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('a', 10);
    recent.set('c', 3);
    expect(recent.size).toBe(2);
    expect(recent.get('a')).toBe(10);
    expect(recent.get('b')).toBeUndefined();
  });
});
