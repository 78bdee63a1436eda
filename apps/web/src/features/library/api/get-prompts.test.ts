import { describe, expect, it } from 'vitest';
import { nextCursorFromLink, totalFromHeader } from './get-prompts';

describe('nextCursorFromLink', () => {
  it('reads the cursor of the next page from the Link header', () => {
    expect(nextCursorFromLink('</api/prompts?q=mail&limit=48&cursor=eyJ2IjoxfQ%3D%3D>; rel="next"')).toBe('eyJ2IjoxfQ==');
  });

  it('finds rel="next" among several links', () => {
    expect(nextCursorFromLink('</api/prompts?cursor=a>; rel="prev", </api/prompts?cursor=b>; rel="next"')).toBe('b');
  });

  it('has no cursor on the last page', () => {
    expect(nextCursorFromLink(null)).toBeUndefined();
    expect(nextCursorFromLink('</api/prompts?cursor=a>; rel="prev"')).toBeUndefined();
  });
});

describe('totalFromHeader', () => {
  it('reads X-Total-Count, and nothing when the server left it out for the count to follow', () => {
    expect(totalFromHeader('52000')).toBe(52000);
    expect(totalFromHeader('0')).toBe(0);
    // Number(null) would be 0: a missing header must not read as "no matches".
    expect(totalFromHeader(null)).toBeUndefined();
    expect(totalFromHeader('')).toBeUndefined();
    expect(totalFromHeader('-1')).toBeUndefined();
    expect(totalFromHeader('many')).toBeUndefined();
  });
});
