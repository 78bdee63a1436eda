import { describe, expect, it } from 'vitest';
import { popularKeywords, titleWords } from './keywords';

describe('popularKeywords', () => {
  it('drops words of 3 characters or fewer and the stop words', () => {
    expect(titleWords('Write with your SQL tool about which email from that team')).toEqual(['write', 'tool', 'email', 'team']);
  });

  it('counts case-insensitively and orders by frequency, then alphabetically', () => {
    const titles = ['Email Writer', 'email summary', 'Code Review', 'Review Email', 'Zebra Apple'];
    expect(popularKeywords(titles)).toEqual(['email', 'review', 'apple', 'code', 'summary', 'writer', 'zebra']);
  });

  it('returns at most ten words', () => {
    const titles = Array.from({ length: 30 }, (_, index) => `keyword${String(index).padStart(2, '0')} common`);
    const keywords = popularKeywords(titles);
    expect(keywords).toHaveLength(10);
    expect(keywords[0]).toBe('common');
  });

  it('ignores punctuation around words', () => {
    expect(titleWords('"Debug" your code: quickly!')).toEqual(['debug', 'code', 'quickly']);
  });
});
