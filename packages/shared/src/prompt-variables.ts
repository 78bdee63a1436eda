/**
 * Prompt variables: placeholders a visitor fills in before copying a prompt,
 * written `{{name}}` or `[name]` in the prompt's text. One rule, used for
 * the highlights in the library's cards and on the prompt's page and for the
 * fields of its fill-in form (docs/prompt-variables.md):
 *
 * - A name starts with a letter or an underscore, is at most
 *   VARIABLE_NAME_MAX_LENGTH characters on one line, holds no bracket or
 *   brace, and does not end in a space. Anything else goes: spaces, digits,
 *   and punctuation such as `/`, `,` or `.` ("[Excel / Google Sheets]",
 *   "[base salary, bonus, equity]", "{{target audience}}").
 * - Spaces just inside `{{ }}` are allowed and not part of the name.
 * - A `[text](url)` Markdown link is not a variable, and neither is `[1]`,
 *   `[ ]` or a bracket right after a letter, digit, underscore or another
 *   bracket: that is code indexing something (`items[i]`, `row[col]`,
 *   `grid[i][j]`).
 */
export const VARIABLE_NAME_MAX_LENGTH = 60;

const NAME = `[\\p{L}_](?:[^\\[\\]{}\\n]{0,${VARIABLE_NAME_MAX_LENGTH - 2}}[^\\[\\]{}\\n\\s])?`;
const PLACEHOLDER = new RegExp(`\\{\\{ *(${NAME}) *\\}\\}|(?<![\\p{L}\\p{N}_\\]])\\[(${NAME})\\](?!\\()`, 'gu');

export type PromptSegment =
  { readonly kind: 'text'; readonly text: string } | { readonly kind: 'variable'; readonly name: string; readonly text: string };

/** The text cut into plain runs and placeholders, in order; joining every segment's text gives the input back. */
export function splitPromptText(text: string): PromptSegment[] {
  const segments: PromptSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const start = match.index;
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) });
    segments.push({ kind: 'variable', name: (match[1] ?? match[2] ?? '').trim(), text: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) });
  return segments;
}

/** The distinct variable names, in the order they first appear. */
export function findVariables(text: string): string[] {
  const names: string[] = [];
  for (const segment of splitPromptText(text)) {
    if (segment.kind === 'variable' && !names.includes(segment.name)) names.push(segment.name);
  }
  return names;
}

/**
 * The text with every placeholder whose variable has a value (after
 * trimming) replaced by it; placeholders without one stay as written, so the
 * copied text still shows what is missing.
 */
export function fillVariables(text: string, values: Readonly<Record<string, string>>): string {
  return splitPromptText(text)
    .map((segment) => {
      if (segment.kind === 'text') return segment.text;
      const value = values[segment.name]?.trim();
      return value ? value : segment.text;
    })
    .join('');
}

/**
 * A variable's name as a form label: underscores read as spaces, runs of
 * spaces as one, and the first letter a capital ('target_audience' ->
 * 'Target audience'). The rest keeps its case ('Excel / Google Sheets').
 */
export function variableLabel(name: string): string {
  const spaced = name.replace(/_/g, ' ').replace(/\s+/gu, ' ').trim();
  const first = spaced.codePointAt(0);
  if (first === undefined) return spaced;
  const initial = String.fromCodePoint(first);
  return initial.toLocaleUpperCase() + spaced.slice(initial.length);
}
