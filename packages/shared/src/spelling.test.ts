import { describe, expect, it } from 'vitest';
import { sameSpelling, spellingKey } from './spelling';

describe('spellingKey', () => {
  it('ignores case, spaces and punctuation', () => {
    for (const spelling of ['GPT-4o', 'gpt 4o', 'Gpt4o', ' GPT 4-O ', 'gpt_4o', 'GPT–4o', 'GPT.4o']) {
      expect(spellingKey(spelling), spelling).toBe(spellingKey('gpt4o'));
    }
    expect(spellingKey('Data Analysis')).toBe(spellingKey('data-analysis'));
    expect(spellingKey('coding')).toBe(spellingKey('Coding'));
  });

  it('treats compatibility forms of a letter as that letter', () => {
    // A full-width Latin capital and a ligature, as some keyboards and pastes produce them.
    expect(spellingKey('ＧＰＴ-4o')).toBe(spellingKey('GPT-4o'));
    expect(spellingKey('ﬁnance')).toBe(spellingKey('Finance'));
  });

  it('keeps letters, digits and symbols that tell names apart', () => {
    expect(spellingKey('GPT-4o')).not.toBe(spellingKey('GPT-4o mini'));
    expect(spellingKey('Claude 3')).not.toBe(spellingKey('Claude 4'));
    // '#' and '+' name languages: C, C# and C++ are three values.
    expect(new Set(['C', 'C#', 'C++'].map(spellingKey)).size).toBe(3);
    expect(spellingKey('Écriture')).not.toBe(spellingKey('Ecriture'));
  });

  it('gives punctuation-only values their own keys instead of one empty key', () => {
    expect(spellingKey('???')).not.toBe(spellingKey('!!!'));
    expect(spellingKey('???')).toBe(spellingKey(' ??? '));
  });
});

describe('sameSpelling', () => {
  it('says whether two values are one value spelled two ways', () => {
    expect(sameSpelling('coding', 'Coding')).toBe(true);
    expect(sameSpelling('gpt 4o', 'GPT-4o')).toBe(true);
    expect(sameSpelling('Coding', 'Copywriting')).toBe(false);
  });
});
