import { PROMPT_LIMITS } from '@prompt-vault/shared/limits';
import { describe, expect, it } from 'vitest';
import { limitErrors } from './form-state';
import { prefillFromQuery } from './prefill';

describe('prefillFromQuery', () => {
  it('fills the four fields from the query, decoding them', () => {
    const search = '?title=Support+ticket+to+JSON&prompt=Line+one%0ALine+two+%7B%7Btone%7D%7D&category=Data%20Analysis&model=GPT-4o';
    expect(prefillFromQuery(search)).toEqual({
      values: { title: 'Support ticket to JSON', prompt: 'Line one\nLine two {{tone}}', category: 'Data Analysis', model: 'GPT-4o' },
      prefilled: true,
    });
  });

  it('leaves missing, blank and unknown parameters out, and says nothing was filled when none was', () => {
    expect(prefillFromQuery('?title=%20%20&foo=bar&model=')).toEqual({
      values: { title: '', prompt: '', category: '', model: '' },
      prefilled: false,
    });
    expect(prefillFromQuery('')).toEqual({ values: { title: '', prompt: '', category: '', model: '' }, prefilled: false });
    expect(prefillFromQuery('?category=Writing').values).toEqual({ title: '', prompt: '', category: 'Writing', model: '' });
  });

  it('keeps a value over its limit whole, so the form flags it with the usual message', () => {
    const long = 'a'.repeat(PROMPT_LIMITS.title + 1);
    const { values } = prefillFromQuery(`?title=${long}&prompt=ok`);
    expect(values.title).toBe(long);
    expect(limitErrors(values)).toEqual({ title: 'Exceeds 50 character limit' });
  });

  it('turns Windows and old Mac line breaks into the textarea form', () => {
    expect(prefillFromQuery('?prompt=a%0D%0Ab%0Dc').values.prompt).toBe('a\nb\nc');
  });

  it('uses the first value when a field is given twice', () => {
    expect(prefillFromQuery('?title=first&title=second').values.title).toBe('first');
  });
});
