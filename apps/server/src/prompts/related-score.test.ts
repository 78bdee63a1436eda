import { describe, expect, it } from 'vitest';
import { type RelatedText, SOURCE_ROW_BUDGET, SPECIFIC_MAX_USES, chooseSources, rankRelated } from './related-score';

const text = (id: string, fields: Partial<RelatedText> = {}): RelatedText => ({
  id,
  title: `Untitled ${id}`,
  text: `nothing${id}`,
  category: `Category ${id}`,
  tags: [],
  likes: 0,
  ...fields,
});

describe('chooseSources', () => {
  it('reads the category, then tags and title words rarest first (tags first on a tie), within the row budget', () => {
    const sources = chooseSources(
      'Writing',
      new Map([
        ['email', 300],
        ['memo', 40],
      ]),
      new Map([
        ['memo', 40],
        ['draft', 150],
        // One row more than the budget leaves after memo, memo and draft (230 rows).
        ['letter', SOURCE_ROW_BUDGET - 230 + 1],
      ]),
    );
    expect(sources).toEqual([
      { kind: 'category', category: 'Writing' },
      { kind: 'tag', tag: 'memo', rows: 40 },
      { kind: 'title-word', word: 'memo', rows: 40 },
      { kind: 'title-word', word: 'draft', rows: 150 },
      // 'letter' would bring the rows one over the budget, and 'email' (300) further: neither is read.
    ]);
  });

  it('counts a title word by the titles containing it, inside longer words too, when given', () => {
    const uses = new Map([
      ['help', 20],
      ['menu', 30],
    ]);
    // "help" is also in 3,000 "helper" titles, which its source would read; "menu" is in no longer word.
    const reads = new Map([
      ['help', 3000],
      ['menu', 30],
    ]);
    expect(chooseSources('Food', new Map(), uses, reads)).toEqual([
      { kind: 'category', category: 'Food' },
      { kind: 'title-word', word: 'menu', rows: 30 },
    ]);
    expect(chooseSources('Food', new Map(), uses)).toContainEqual({ kind: 'title-word', word: 'help', rows: 20 });
  });

  it('skips what only the prompt itself uses, and what is too common to say much', () => {
    const sources = chooseSources('Writing', new Map([['solo', 1]]), new Map([['plan', SPECIFIC_MAX_USES + 1]]));
    expect(sources).toEqual([{ kind: 'category', category: 'Writing' }]);
  });
});

describe('rankRelated', () => {
  const target = {
    ...text('t', { title: 'Weekly Plan Newsletter', category: 'Marketing', tags: ['email'] }),
    titleWordUses: new Map([
      ['weekly', 12],
      ['plan', SPECIFIC_MAX_USES + 1],
      ['newsletter', 30],
    ]),
  };

  it('gives a specific title word full points and a common one a quarter', () => {
    const specific = text('a', { title: 'Newsletter Ideas' });
    const common = text('b', { title: 'Plan Ideas' });
    const ranked = rankRelated(target, [common, specific], 6);
    expect(ranked.map(({ candidate, score }) => [candidate.id, score])).toEqual([
      ['a', 1],
      ['b', 0.25],
    ]);
  });

  it('never returns the prompt itself, a candidate twice, nor one that shares nothing', () => {
    const again = text('c', { category: 'Marketing' });
    const ranked = rankRelated(target, [text('t', { category: 'Marketing' }), again, again, text('z')], 6);
    expect(ranked.map(({ candidate }) => candidate.id)).toEqual(['c']);
  });

  it('keeps the best `limit`', () => {
    const candidates = Array.from({ length: 9 }, (_, index) => text(`m${index}`, { category: 'Marketing', likes: index }));
    expect(rankRelated(target, candidates, 6).map(({ candidate }) => candidate.likes)).toEqual([8, 7, 6, 5, 4, 3]);
  });
});
