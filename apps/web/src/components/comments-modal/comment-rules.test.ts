import { describe, expect, it } from 'vitest';
import { liveCommentErrors, commentCounter, submitCommentErrors } from './comment-rules';

describe('comment rules', () => {
  it('accepts a comment within the limits, with or without a name', () => {
    expect(submitCommentErrors({ text: 'Nice prompt', author: '' })).toEqual({});
    expect(submitCommentErrors({ text: 'x'.repeat(1000), author: 'y'.repeat(40) })).toEqual({});
  });

  it('requires the text on submit but not while typing', () => {
    expect(submitCommentErrors({ text: '   ', author: 'Ann' })).toEqual({ text: 'Please write a note before posting.' });
    expect(liveCommentErrors({ text: '', author: '' })).toEqual({});
  });

  it('flags text over 1000 and a name over 40 characters with the shared message', () => {
    expect(liveCommentErrors({ text: 'x'.repeat(1001), author: 'y'.repeat(41) })).toEqual({
      text: 'Exceeds 1000 character limit',
      author: 'Exceeds 40 character limit',
    });
  });

  it('counts characters, not UTF-16 units: 1000 emoji fit', () => {
    expect(liveCommentErrors({ text: '😀'.repeat(1000), author: '' })).toEqual({});
  });

  it('shows the counter past 80% of the limit and marks it when over', () => {
    expect(commentCounter('x'.repeat(800), 'text')).toBeUndefined();
    expect(commentCounter('x'.repeat(801), 'text')).toEqual({ text: '801/1000', over: false });
    expect(commentCounter('x'.repeat(1001), 'text')).toEqual({ text: '1001/1000', over: true });
    expect(commentCounter('y'.repeat(33), 'author')).toEqual({ text: '33/40', over: false });
  });
});
