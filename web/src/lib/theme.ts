// The device's Light / Dark / System choice (protocol/theme.ts): read from and kept in localStorage,
// applied to <html data-theme> at once (the page's boot script did the same before the first paint,
// and applies another tab's choice: the storage event; the switches shown here follow it too).
import { useSyncExternalStore } from 'react';
import { THEME_STORAGE_KEY, THEMES, type Theme } from '#protocol/theme.ts';

let current: Theme | undefined;
const listeners = new Set<() => void>();

function stored(): Theme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(value ?? '') ? (value as Theme) : 'system';
  } catch {
    return 'system';
  }
}

function show(theme: Theme) {
  current = theme;
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  listeners.forEach((l) => l());
}

/** Keeps `theme` for this device and shows it now. */
export function setTheme(theme: Theme): void {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage blocked: the choice holds for this page only.
  }
  show(theme);
}

/** Another tab of this device chose (or storage was cleared): this one follows. */
function onStorage(event: StorageEvent) {
  if (event.key === THEME_STORAGE_KEY || event.key === null) show(stored());
}

function subscribe(onChange: () => void) {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The device's choice, kept current. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, () => (current ??= stored()));
}
