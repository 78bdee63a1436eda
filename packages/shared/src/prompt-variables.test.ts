import { describe, expect, it } from 'vitest';
import { VARIABLE_NAME_MAX_LENGTH, fillVariables, findVariables, splitPromptText } from './prompt-variables';

describe('findVariables', () => {
  it('finds {{name}} and [name] placeholders, distinct, in order of first appearance', () => {
    expect(findVariables('Write a {{tone}} email to [recipient] about {{ topic }}, in a {{tone}} voice.')).toEqual([
      'tone',
      'recipient',
      'topic',
    ]);
  });

  it('accepts names with spaces, digits, hyphens, apostrophes and any letters', () => {
    expect(findVariables("[company's name] {{target audience}} [step_2] {{Straße}} [a-b] {{日本語}}")).toEqual([
      "company's name",
      'target audience',
      'step_2',
      'Straße',
      'a-b',
      '日本語',
    ]);
  });

  it('ignores what only looks like a placeholder', () => {
    const text = [
      'See [the docs](https://example.com).', // a Markdown link
      'Cite [1] and [ ] and [] and {{}} and { single } and {{ }}.',
      'Array a[0], [ leading space], [trailing space ], [-dash first].',
      `Too long: [${'n'.repeat(VARIABLE_NAME_MAX_LENGTH + 1)}]`,
    ].join('\n');
    expect(findVariables(text)).toEqual([]);
    expect(findVariables(`[${'n'.repeat(VARIABLE_NAME_MAX_LENGTH)}]`)).toEqual(['n'.repeat(VARIABLE_NAME_MAX_LENGTH)]);
  });

  it('finds nothing in text without placeholders', () => {
    expect(findVariables('')).toEqual([]);
    expect(findVariables('I want you to act as a Linux terminal.')).toEqual([]);
  });
});

describe('splitPromptText', () => {
  it('cuts the text into plain runs and placeholders that join back to the input', () => {
    const text = '{{greeting}}, [name]! Plain [link](x) end';
    const segments = splitPromptText(text);
    expect(segments).toEqual([
      { kind: 'variable', name: 'greeting', text: '{{greeting}}' },
      { kind: 'text', text: ', ' },
      { kind: 'variable', name: 'name', text: '[name]' },
      { kind: 'text', text: '! Plain [link](x) end' },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
  });

  it('keeps markup as plain text', () => {
    expect(splitPromptText('<b>{{x}}</b>')).toEqual([
      { kind: 'text', text: '<b>' },
      { kind: 'variable', name: 'x', text: '{{x}}' },
      { kind: 'text', text: '</b>' },
    ]);
  });
});

describe('fillVariables', () => {
  it('replaces every occurrence of each filled variable, in both syntaxes', () => {
    expect(fillVariables('Dear [name], {{ name }} is {{role}}.', { name: 'Ada', role: 'an engineer' })).toBe(
      'Dear Ada, Ada is an engineer.',
    );
  });

  it('leaves placeholders without a value (or with only spaces) as written', () => {
    expect(fillVariables('Hi [name], about {{topic}}.', { name: '  ' })).toBe('Hi [name], about {{topic}}.');
  });

  it('inserts values literally, never as patterns or markup', () => {
    expect(fillVariables('A {{x}} B', { x: '$& $1 <i>{{x}}</i>' })).toBe('A $& $1 <i>{{x}}</i> B');
  });
});
