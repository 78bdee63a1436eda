import { PROMPT_LIMITS } from '@prompt-vault/shared/limits';
import { describe, expect, it } from 'vitest';
import { CHAT_TARGETS, type ChatTarget, chatUrl } from './chat-targets';

const target: ChatTarget = { id: 'test', name: 'Test', prefix: 'https://chat.example/?q=', maxUrlLength: 40 };

describe('chatUrl', () => {
  it('puts the percent-encoded text after the prefix', () => {
    // Written out by hand: space, '&', '=', '#', '?', newline and 'é' all escaped.
    expect(chatUrl({ ...target, maxUrlLength: 200 }, 'a b&c=d#e?f\nté')).toBe('https://chat.example/?q=a%20b%26c%3Dd%23e%3Ff%0At%C3%A9');
  });

  it('accepts an address exactly at the limit and refuses one a character longer', () => {
    // The prefix is 24 characters, so 16 plain letters make exactly 40.
    expect(chatUrl(target, 'x'.repeat(16))).toBe(`https://chat.example/?q=${'x'.repeat(16)}`);
    expect(chatUrl(target, 'x'.repeat(17))).toBeUndefined();
  });

  it('counts the encoded length, not the text length', () => {
    // Each 'é' takes six characters encoded: two make 24 + 12 = 36 and fit, three make 42 and do not.
    expect(chatUrl(target, 'éé')).toBeDefined();
    expect(chatUrl(target, 'ééé')).toBeUndefined();
  });

  it('opens a plain-English prompt at the longest submittable length in every app', () => {
    const words = 'Summarise the notes below for a busy reader. ';
    const text = words.repeat(Math.ceil(PROMPT_LIMITS.prompt / words.length)).slice(0, PROMPT_LIMITS.prompt);
    for (const app of CHAT_TARGETS) expect(chatUrl(app, text), app.name).toBeDefined();
  });

  it('falls back everywhere for a longest prompt in a non-Latin script', () => {
    const text = 'я'.repeat(PROMPT_LIMITS.prompt);
    for (const app of CHAT_TARGETS) expect(chatUrl(app, text), app.name).toBeUndefined();
  });
});
