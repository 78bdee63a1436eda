import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = Date.parse('2025-06-15T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says just now for less than a minute', () => {
    expect(relativeTime(ago(0), NOW)).toBe('just now');
    expect(relativeTime(ago(59), NOW)).toBe('just now');
  });

  it('uses the largest whole unit', () => {
    expect(relativeTime(ago(60), NOW)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60), NOW)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), NOW)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), NOW)).toBe('yesterday');
    expect(relativeTime(ago(14 * 24 * 3600), NOW)).toBe('2 weeks ago');
    expect(relativeTime(ago(400 * 24 * 3600), NOW)).toBe('last year');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});
