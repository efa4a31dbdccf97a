// The app's service worker (web/src/sw): registered once the page has loaded (its precache must not
// compete with the first screen), in built apps only (the dev server has no /sw.js). A browser
// without one, or one that refuses it, runs the app as before: offline support and push are extras.
// A new version installs beside the running one and waits; the app offers the reload.
import { useEffect } from 'react';
import { isNavigateMessage } from '../sw/sw-messages.ts';
import { useAppUpdateStore } from '../stores/useAppUpdateStore.ts';

/** How often an open app asks for a new version (also whenever it comes back to the foreground). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void navigator.serviceWorker
      .register('/sw.js')
      .then(watchForUpdates)
      .catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Offers a new version once it has installed (never on the first install: nothing ran before it),
 * and reloads once it has taken control at the crew member's word.
 */
export function watchForUpdates(registration: ServiceWorkerRegistration): void {
  const container = navigator.serviceWorker;
  const offerWhenInstalled = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      if (worker.state === 'installed' && container.controller) useAppUpdateStore.getState().offer(worker);
    };
    check();
    worker.addEventListener('statechange', check);
  };
  offerWhenInstalled(registration.waiting);
  registration.addEventListener('updatefound', () => offerWhenInstalled(registration.installing));
  let hadController = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    // The first worker claiming a fresh page is no new version; a later change is the one accepted.
    if (hadController) window.location.reload();
    hadController = true;
  });
  const check = () => void registration.update().catch(() => undefined);
  window.setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * A click on a notification while the app is open: the worker asks the open window to show the screen.
 * The router's navigate comes from the caller: the entry that registers the worker loads no router.
 */
export function useNotificationNavigation(navigate: (to: string) => unknown): void {
  useEffect(() => {
    const container = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    if (!container) return;
    const onMessage = (event: MessageEvent) => {
      if (isNavigateMessage(event.data)) void navigate(event.data.url);
    };
    container.addEventListener('message', onMessage);
    return () => container.removeEventListener('message', onMessage);
  }, [navigate]);
}
