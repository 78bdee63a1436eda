import { describe, expect, it } from 'vitest';
import { charLength, exceedsLimit, previewText } from './text';

describe('charLength', () => {
  it('counts an emoji as one character', () => {
    expect(charLength('😀')).toBe(1);
    expect('😀'.length).toBe(2);
    expect(charLength('a😀b')).toBe(3);
  });
});

describe('exceedsLimit', () => {
  it('is false at the limit and true one past it, ignoring surrounding whitespace', () => {
    expect(exceedsLimit('x'.repeat(50), 50)).toBe(false);
    expect(exceedsLimit('x'.repeat(51), 50)).toBe(true);
    expect(exceedsLimit(`  ${'x'.repeat(50)}  `, 50)).toBe(false);
    expect(exceedsLimit('😀'.repeat(50), 50)).toBe(false);
  });
});

describe('previewText', () => {
  it('keeps text of 256 characters whole', () => {
    const text = 'a'.repeat(256);
    expect(previewText(text)).toEqual({ text, truncated: false });
  });

  it('cuts longer text to 256 characters plus ...', () => {
    const result = previewText('b'.repeat(257));
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${'b'.repeat(256)}...`);
  });

  it('never splits an emoji', () => {
    const result = previewText('😀'.repeat(300));
    expect(result.text).toBe(`${'😀'.repeat(256)}...`);
  });
});
