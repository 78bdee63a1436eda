import type { ReportInput } from '@prompt-vault/shared/schemas';

export type ReportTarget = Pick<ReportInput, 'targetType' | 'targetId'>;

/** How many reported items a browser remembers; the oldest are forgotten first. */
export const REPORTED_ITEMS_MAX = 500;

export function reportedItemKey({ targetType, targetId }: ReportTarget): string {
  return `${targetType}:${targetId}`;
}

/** Reads the stored list; anything that is not a list of strings counts as empty. */
export function parseReportedItems(stored: string | null): string[] {
  if (!stored) return [];
  try {
    const value: unknown = JSON.parse(stored);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The stored list with one more item, without repeats and bounded in length. */
export function addReportedItem(items: readonly string[], key: string): string[] {
  return [...items.filter((item) => item !== key), key].slice(-REPORTED_ITEMS_MAX);
}
