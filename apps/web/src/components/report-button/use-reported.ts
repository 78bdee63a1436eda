import { STORAGE_KEYS } from '@prompt-vault/shared/limits';
import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';
import { type ReportTarget, addReportedItem, parseReportedItems, reportedItemKey } from './reported-items';

const listeners = new Set<() => void>();
// Remembered for this visit even when storage refuses to keep it.
const session = new Set<string>();
let cache: { raw: string | null; items: ReadonlySet<string> } | undefined;

function snapshot(): ReadonlySet<string> {
  const raw = readStorage(STORAGE_KEYS.reported);
  if (!cache || cache.raw !== raw) cache = { raw, items: new Set(parseReportedItems(raw)) };
  return cache.items;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this browser already reported the item, and a way to remember that it did. */
export function useReported(target: ReportTarget): [boolean, () => void] {
  const key = reportedItemKey(target);
  const reported = useSyncExternalStore(subscribe, () => session.has(key) || snapshot().has(key));
  const remember = useCallback(() => {
    session.add(key);
    writeStorage(STORAGE_KEYS.reported, JSON.stringify(addReportedItem([...snapshot()], key)));
    for (const listener of listeners) listener();
  }, [key]);
  return [reported, remember];
}
