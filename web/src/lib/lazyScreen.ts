// A lazy screen that survives a deploy: a tab opened before it still names the old build's chunk
// files, which the new build replaced. Its first failed load reloads the page once, which fetches
// the new build's index and chunks; a second failure in a row is a real error and shows as one.
import { lazy, type ComponentType } from 'react';

const RELOADED_AT = 'crewtrade.chunkReloadAt';
/** A reload this recent already tried: do not loop (an outage is not a deploy). */
const RETRY_WINDOW_MS = 30_000;

/** Reloads once for a chunk that failed to load; true when it did (the caller waits for the reload). */
export function reloadForMissingChunk(now = Date.now()): boolean {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (now - last < RETRY_WINDOW_MS) return false;
  sessionStorage.setItem(RELOADED_AT, String(now));
  window.location.reload();
  return true;
}

// React's own lazy() takes ComponentType<any>: any props, whatever the screen declares.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyScreen<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    try {
      return await load();
    } catch (err) {
      // The reload replaces this page: the screen stays on its loading view until then.
      if (reloadForMissingChunk()) return new Promise<{ default: T }>(() => undefined);
      throw err;
    }
  });
}

/** Vite's preload of a chunk's dependencies fails the same way after a deploy. */
export function recoverFromPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForMissingChunk()) event.preventDefault();
  });
}
