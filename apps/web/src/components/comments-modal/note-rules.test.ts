import { describe, expect, it } from 'vitest';
import { liveNoteErrors, noteCounter, submitNoteErrors } from './note-rules';

describe('note rules', () => {
  it('accepts a note within the limits, with or without a name', () => {
    expect(submitNoteErrors({ text: 'Nice prompt', author: '' })).toEqual({});
    expect(submitNoteErrors({ text: 'x'.repeat(1000), author: 'y'.repeat(40) })).toEqual({});
  });

  it('requires the text on submit but not while typing', () => {
    expect(submitNoteErrors({ text: '   ', author: 'Ann' })).toEqual({ text: 'Please write a note before posting.' });
    expect(liveNoteErrors({ text: '', author: '' })).toEqual({});
  });

  it('flags text over 1000 and a name over 40 characters with the shared message', () => {
    expect(liveNoteErrors({ text: 'x'.repeat(1001), author: 'y'.repeat(41) })).toEqual({
      text: 'Exceeds 1000 character limit',
      author: 'Exceeds 40 character limit',
    });
  });

  it('counts characters, not UTF-16 units: 1000 emoji fit', () => {
    expect(liveNoteErrors({ text: '😀'.repeat(1000), author: '' })).toEqual({});
  });

  it('shows the counter past 80% of the limit and marks it when over', () => {
    expect(noteCounter('x'.repeat(800), 'text')).toBeUndefined();
    expect(noteCounter('x'.repeat(801), 'text')).toEqual({ text: '801/1000', over: false });
    expect(noteCounter('x'.repeat(1001), 'text')).toEqual({ text: '1001/1000', over: true });
    expect(noteCounter('y'.repeat(33), 'author')).toEqual({ text: '33/40', over: false });
  });
});
