// The app's service worker (web/src/sw): registered once the page has loaded (its precache must not
// compete with the first screen), in built apps only (the dev server has no /sw.js). A browser
// without one, or one that refuses it, runs the app as before: offline support and push are extras.
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { isNavigateMessage } from '../sw/sw-messages.ts';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** A click on a notification while the app is open: the worker asks the open window to show the screen. */
export function useNotificationNavigation(): void {
  const navigate = useNavigate();
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
