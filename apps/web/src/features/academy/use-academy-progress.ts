import { STORAGE_KEYS } from '@prompt-vault/shared/limits';
import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../lib/storage';
import { ACADEMY_LESSONS } from './academy-nav';
import { parseProgress, withLessonDone } from './academy-progress';

const LESSON_KEYS = ACADEMY_LESSONS.map((page) => page.key);

const listeners = new Set<() => void>();
let cache: { raw: string | null; done: ReadonlySet<string> } | undefined;
// What this visit marked when storage refused to keep it (private browsing, a full quota).
let unsaved: string | null = null;

function snapshot(): ReadonlySet<string> {
  const raw = readStorage(STORAGE_KEYS.academyProgress) ?? unsaved;
  // The same set while storage is unchanged, as useSyncExternalStore requires.
  if (!cache || cache.raw !== raw) cache = { raw, done: new Set(parseProgress(raw, LESSON_KEYS)) };
  return cache.done;
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab marking a lesson done shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.academyProgress) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The lesson keys marked done in this browser, and a way to mark one done or not done. */
export function useAcademyProgress(): { done: ReadonlySet<string>; setDone: (key: string, isDone: boolean) => void } {
  const done = useSyncExternalStore(subscribe, snapshot);
  const setDone = useCallback((key: string, isDone: boolean) => {
    const value = JSON.stringify(withLessonDone([...snapshot()], key, isDone, LESSON_KEYS));
    writeStorage(STORAGE_KEYS.academyProgress, value);
    unsaved = readStorage(STORAGE_KEYS.academyProgress) === value ? null : value;
    notify();
  }, []);
  return { done, setDone };
}
