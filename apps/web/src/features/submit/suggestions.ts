import { spellingKey } from '@prompt-vault/shared/spelling';

/**
 * The suggestions for what was typed: the distinct values that contain it,
 * case-insensitively (spec section 2), or whose spelling key contains its
 * key, so 'gpt 4o' finds 'GPT-4o' as the server would match it
 * (packages/shared/src/spelling.ts). Empty input offers every value.
 */
export function filterSuggestions(values: readonly string[], typed: string): string[] {
  const needle = typed.trim().toLocaleLowerCase();
  const needleKey = needle === '' ? '' : spellingKey(needle);
  const seen = new Set<string>();
  const matches: string[] = [];
  for (const value of values) {
    if (seen.has(value)) continue;
    seen.add(value);
    if (value.toLocaleLowerCase().includes(needle) || spellingKey(value).includes(needleKey)) matches.push(value);
  }
  return matches;
}

/** The option after `current` when moving by `step` (+1 down, -1 up), wrapping at both ends. */
export function moveActive(current: number, step: 1 | -1, count: number): number {
  if (count === 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}
