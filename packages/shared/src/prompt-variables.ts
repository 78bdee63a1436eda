/**
 * Prompt variables: placeholders a visitor fills in before copying a prompt,
 * written `{{name}}` or `[name]` in the prompt's text.
 *
 * A name starts with a letter or underscore and has up to
 * VARIABLE_NAME_MAX_LENGTH letters, digits, spaces, underscores, hyphens or
 * apostrophes ("[company's name]", "{{target audience}}"), not ending in a
 * space. Spaces just inside `{{ }}` are allowed. A `[text](url)` Markdown
 * link is not a variable, and neither is `[1]` or `[ ]`.
 */
export const VARIABLE_NAME_MAX_LENGTH = 40;

const NAME = `[\\p{L}_](?:[\\p{L}\\p{N}_ '-]{0,${VARIABLE_NAME_MAX_LENGTH - 2}}[\\p{L}\\p{N}_'-])?`;
const PLACEHOLDER = new RegExp(`\\{\\{ *(${NAME}) *\\}\\}|\\[(${NAME})\\](?!\\()`, 'gu');

export type PromptSegment =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'variable'; readonly name: string; readonly text: string };

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
