import { describe, expect, it } from 'vitest';
import { createKeptWordSets } from './kept-word-sets';

describe('createKeptWordSets', () => {
  const splitting = () => {
    const splits: string[] = [];
    const split = (text: string) => {
      splits.push(text);
      return new Set(text.split(' '));
    };
    return { splits, split };
  };

  it('splits a text once while it is kept', () => {
    const { splits, split } = splitting();
    const kept = createKeptWordSets(100, split);
    expect([...kept.get('plan a trip')]).toEqual(['plan', 'a', 'trip']);
    expect(kept.get('plan a trip')).toBe(kept.get('plan a trip'));
    expect(splits).toEqual(['plan a trip']);
  });

  it('drops the least recently used texts once their characters pass the bound', () => {
    const { splits, split } = splitting();
    const kept = createKeptWordSets(10, split);
    kept.get('aaaa');
    kept.get('bbbb');
    kept.get('aaaa'); // used again: "bbbb" is now the least recently used
    kept.get('cccc'); // 12 characters: "bbbb" goes
    expect({ size: kept.size, characters: kept.characters }).toEqual({ size: 2, characters: 8 });
    kept.get('aaaa');
    kept.get('bbbb');
    expect(splits).toEqual(['aaaa', 'bbbb', 'cccc', 'bbbb']);
  });

  it('keeps nothing longer than the bound', () => {
    const { split } = splitting();
    const kept = createKeptWordSets(5, split);
    expect([...kept.get('a longer text')]).toEqual(['a', 'longer', 'text']);
    expect({ size: kept.size, characters: kept.characters }).toEqual({ size: 0, characters: 0 });
  });
});
