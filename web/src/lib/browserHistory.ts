// The tab's history as the app's router sees it (app/AppRouter.tsx): the current location, in-app
// navigation, and the number of each entry the app pushed, kept in history.state as `idx` (0 where
// the tab entered the app), so a screen knows whether Back stays inside the app (pages/CrewProfile).
// A module without React and without side effects at load: a page that imports it touches nothing
// until the router starts it.

export interface AppLocation {
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}

export interface NavigateOptions {
  /** Replace the current entry instead of pushing one (a redirect, a tab in the query string). */
  replace?: boolean;
}

const listeners = new Set<() => void>();
let current: AppLocation | null = null;

function read(): AppLocation {
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash };
}

function indexOf(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

function changed(): void {
  current = read();
  for (const listener of listeners) listener();
}

function start(): AppLocation {
  if (current) return current;
  // The entry the tab entered on is number 0 (what it held before, e.g. the landing's push, is kept).
  if (indexOf(window.history.state) === null) window.history.replaceState({ ...(window.history.state as object | null), idx: 0 }, '');
  window.addEventListener('popstate', changed);
  return (current = read());
}

/** The current location; the same object until it changes. */
export function currentLocation(): AppLocation {
  return start();
}

/** Calls `listener` after every change of location (in-app navigation, Back and Forward). */
export function subscribe(listener: () => void): () => void {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Goes to `to` (a path with its query) inside the app, or moves `to` entries through the history. */
export function navigate(to: string | number, { replace = false }: NavigateOptions = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const idx = (indexOf(window.history.state) ?? 0) + (replace ? 0 : 1);
  try {
    window.history[replace ? 'replaceState' : 'pushState']({ idx }, '', to);
  } catch {
    // A browser refuses past its limit of history calls (iOS Safari): a page load still gets there.
    window.location[replace ? 'replace' : 'assign'](to);
    return;
  }
  start();
  changed();
}

/** Whether the entry before this one is the app's own (Back stays in the app). */
export function canGoBack(): boolean {
  return (indexOf(window.history.state) ?? 0) > 0;
}
