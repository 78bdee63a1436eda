import { describe, expect, it } from 'vitest';
import { popularKeywords, rankKeywords, titleWords } from './keywords';

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

  it('keeps apostrophes and hyphens inside a word and drops them at its ends', () => {
    expect(titleWords("'Rock-n-roll' --draft-- notes' don't -'- it's")).toEqual(['rock-n-roll', 'draft', 'notes', "don't", "it's"]);
    // Trimmed below four letters: dropped, as a three-letter word is.
    expect(titleWords("'cat' -dog-- ----")).toEqual([]);
  });

  it('counts letters, not UTF-16 units, so a word of letters outside the BMP is kept or dropped by its letters', () => {
    // Each of these mathematical letters is two UTF-16 units: three of them are six units but three letters.
    expect(titleWords('𝒜𝒷𝒸 𝒜𝒷𝒸𝒹 naïve ÉCOLE')).toEqual(['𝒜𝒷𝒸𝒹', 'naïve', 'école']);
  });
});

describe('rankKeywords', () => {
  it('ranks kept word counts as popularKeywords ranks titles: frequency, then localeCompare, words no longer used left out', () => {
    // localeCompare puts 'émail' between 'email' and 'fmail'; code-point order would put it last.
    expect(
      rankKeywords(
        [
          ['fmail', 2],
          ['émail', 2],
          ['email', 2],
          ['gone', 0],
          ['rare', 1],
        ],
        3,
      ),
    ).toEqual(['email', 'émail', 'fmail']);
    expect(rankKeywords([['gone', 0]])).toEqual([]);
    const titles = ['Émail helper', 'Email helper', 'Fmail helper', 'email digest', 'émail digest', 'fmail notes'];
    expect(popularKeywords(titles, 5)).toEqual(['helper', 'digest', 'email', 'émail', 'fmail']);
  });
});
