import { describe, expect, it } from 'vitest';
import { nextCursorFromLink } from './get-prompts';

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
