import { PIE_MAX_SLICES } from '@prompt-vault/shared/limits';
import { MESSAGES } from '@prompt-vault/shared/messages';

export interface Slice {
  readonly name: string;
  readonly count: number;
}

/** A stat's name, or 'Uncategorized' when the category or model is missing. */
export function displayName(name: string | null | undefined): string {
  return name && name.trim() ? name : MESSAGES.analytics.uncategorized;
}

/**
 * Pie slices: the largest `maxSlices` by count (ties by name, so the order is
 * stable), and everything else summed into one 'Other' slice.
 */
export function groupSlices(stats: readonly Slice[], maxSlices: number = PIE_MAX_SLICES): Slice[] {
  const sorted = [...stats].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  if (sorted.length <= maxSlices) return sorted;
  const rest = sorted.slice(maxSlices).reduce((sum, slice) => sum + slice.count, 0);
  return [...sorted.slice(0, maxSlices), { name: MESSAGES.analytics.other, count: rest }];
}

/** A count's share of the total as a whole-number percentage (0 when there is no total). */
export function percentage(count: number, total: number): number {
  return total > 0 ? Math.round((count / total) * 100) : 0;
}

/** The tooltip and data-table line of a slice: 'name: count (pct%)'. */
export function sliceLabel(name: string, count: number, total: number): string {
  return `${name}: ${count} (${percentage(count, total)}%)`;
}

export function sliceTotal(slices: readonly Slice[]): number {
  return slices.reduce((sum, slice) => sum + slice.count, 0);
}
