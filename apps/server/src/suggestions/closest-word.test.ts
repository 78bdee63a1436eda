import { describe, expect, it } from 'vitest';
import { Vocabulary, allowedEdits, editDistance } from './closest-word';

const distance = (a: string, b: string, limit = 10) => editDistance([...a], [...b], limit);

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and neighbouring swaps as one edit each', () => {
    expect(distance('email', 'email')).toBe(0);
    expect(distance('emial', 'email')).toBe(1);
    expect(distance('emai', 'email')).toBe(1);
    expect(distance('emails', 'email')).toBe(1);
    expect(distance('enail', 'email')).toBe(1);
    expect(distance('kitten', 'sitting')).toBe(3);
    expect(distance('', 'abc')).toBe(3);
    expect(distance('brûlée', 'brulee')).toBe(2);
  });

  it('stops at the limit', () => {
    expect(distance('kitten', 'sitting', 1)).toBe(2);
    expect(distance('a', 'abcdef', 2)).toBe(3);
  });
});

describe('Vocabulary', () => {
  const vocabulary = new Vocabulary([
    { word: 'email', uses: 40 },
    { word: 'emails', uses: 3 },
    { word: 'newsletter', uses: 12 },
    { word: 'recipe', uses: 5 },
    { word: 'recipes', uses: 9 },
    { word: 'zebra', uses: 0 },
  ]);

  it('finds the nearest known word', () => {
    expect(vocabulary.closest('emial')).toBe('email');
    expect(vocabulary.closest('newsleter')).toBe('newsletter');
    expect(vocabulary.closest('nwesletetr')).toBe('newsletter');
  });

  it('prefers fewer edits, then more uses, then the alphabet', () => {
    // 'recipr' is one edit from 'recipe' and two from 'recipes'.
    expect(vocabulary.closest('recipr')).toBe('recipe');
    // 'recipez' is one edit from both: the more used wins.
    expect(vocabulary.closest('recipez')).toBe('recipes');
    const tied = new Vocabulary([
      { word: 'bat', uses: 2 },
      { word: 'cat', uses: 2 },
    ]);
    expect(tied.closest('hat')).toBe('bat');
  });

  it('counts the allowed edits by the shorter word', () => {
    const withShortWord = new Vocabulary([
      { word: 'pro', uses: 50 },
      { word: 'prompts', uses: 1 },
    ]);
    // Two edits from 'pro' (three letters: one allowed), two from 'prompts' (seven: two allowed).
    expect(withShortWord.closest('promt')).toBe('prompts');
    expect(new Vocabulary([{ word: 'pro', uses: 50 }]).closest('promt')).toBeUndefined();
  });

  it('suggests nothing too far away, and no word without uses', () => {
    expect(vocabulary.closest('quokka')).toBeUndefined();
    expect(vocabulary.closest('zebar')).toBeUndefined();
    expect(vocabulary.has('zebra')).toBe(false);
    expect(vocabulary.has('email')).toBe(true);
  });

  it('allows more edits for longer words', () => {
    expect([3, 4, 5, 8, 9, 20].map(allowedEdits)).toEqual([1, 1, 2, 2, 3, 3]);
  });
});
