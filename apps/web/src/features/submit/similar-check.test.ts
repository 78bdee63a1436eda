import { PROMPT_LIMITS } from '@prompt-vault/shared/limits';
import { describe, expect, it } from 'vitest';
import { similarCheckDraft } from './similar-check';

describe('similarCheckDraft', () => {
  it('asks only once both title and text have content', () => {
    expect(similarCheckDraft({ title: '', prompt: '' })).toBeUndefined();
    expect(similarCheckDraft({ title: 'Cold Email', prompt: '' })).toBeUndefined();
    expect(similarCheckDraft({ title: '   ', prompt: 'Write an email' })).toBeUndefined();
    expect(similarCheckDraft({ title: 'Cold Email', prompt: 'Write an email' })).toEqual({ title: 'Cold Email', prompt: 'Write an email' });
  });

  it('sends the text trimmed, as the server reads it', () => {
    expect(similarCheckDraft({ title: '  Cold Email ', prompt: '\nWrite an email  ' })).toEqual({
      title: 'Cold Email',
      prompt: 'Write an email',
    });
  });

  it('does not ask about a field over its limit, counted in characters', () => {
    expect(similarCheckDraft({ title: 'x'.repeat(PROMPT_LIMITS.title + 1), prompt: 'text' })).toBeUndefined();
    expect(similarCheckDraft({ title: 'title', prompt: 'x'.repeat(PROMPT_LIMITS.prompt + 1) })).toBeUndefined();
    // 50 emoji are 50 characters (100 UTF-16 units): still within the title's limit.
    expect(similarCheckDraft({ title: '😀'.repeat(PROMPT_LIMITS.title), prompt: 'text' })).toBeDefined();
  });
});
