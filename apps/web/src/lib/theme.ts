import { STORAGE_KEYS } from '@prompt-vault/shared/limits';
import { useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function initialTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  return stored === 'light' || stored === 'dark' ? stored : systemTheme();
}

let current: Theme = initialTheme();

/** Puts the theme on <html data-theme>, which every design token follows. */
export function applyTheme(): void {
  document.documentElement.dataset.theme = current;
}

export function setTheme(theme: Theme): void {
  current = theme;
  writeStorage(STORAGE_KEYS.theme, theme);
  applyTheme();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current theme; components re-render when it flips (charts re-colour this way). */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => current);
}
