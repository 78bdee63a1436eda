import { describe, expect, it } from 'vitest';
import { VARIABLE_NAME_MAX_LENGTH, fillVariables, findVariables, splitPromptText, variableLabel } from './prompt-variables';

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

  it('takes any text in square brackets that starts with a letter, punctuation included (one rule for every prompt)', () => {
    expect(
      findVariables(
        'Use [Excel / Google Sheets] to [describe the result]; offer [base salary, bonus, equity, benefits, start date] ' +
          'and [remote work, title, learning budget, etc.] in [JavaScript / Python / PCRE] for {{ target_audience }}.',
      ),
    ).toEqual([
      'Excel / Google Sheets',
      'describe the result',
      'base salary, bonus, equity, benefits, start date',
      'remote work, title, learning budget, etc.',
      'JavaScript / Python / PCRE',
      'target_audience',
    ]);
  });

  it('leaves code alone: an index right after a name is not a placeholder', () => {
    expect(findVariables('Loop over items[i], read row[col_name] and dict["key"], then matrix[i][j].')).toEqual([]);
    expect(findVariables('(see [notes]) and "[quoted]"')).toEqual(['notes', 'quoted']);
  });

  it('finds nothing in text without placeholders', () => {
    expect(findVariables('')).toEqual([]);
    expect(findVariables('I want you to act as a Linux terminal.')).toEqual([]);
  });
});

describe('variableLabel', () => {
  it('reads as a label: underscores become spaces, runs of spaces one, the first letter a capital', () => {
    expect(variableLabel('recipient')).toBe('Recipient');
    expect(variableLabel('target_audience')).toBe('Target audience');
    expect(variableLabel('e-mail address')).toBe('E-mail address');
    expect(variableLabel('Excel / Google Sheets')).toBe('Excel / Google Sheets');
    expect(variableLabel('describe  the result')).toBe('Describe the result');
    expect(variableLabel("company's name")).toBe("Company's name");
    expect(variableLabel('step_2')).toBe('Step 2');
    expect(variableLabel('ünïcode')).toBe('Ünïcode');
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
