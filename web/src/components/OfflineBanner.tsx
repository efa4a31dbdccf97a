// Says plainly when the device has no network: the app shell still opens from the service worker's
// cache, and what it last loaded stays on screen, but nothing new arrives or is saved until then.
import { useSyncExternalStore } from 'react';
import { SHELL_TEXT } from '../texts/shell.ts';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function OfflineBanner() {
  const online = useSyncExternalStore(subscribe, () => navigator.onLine);
  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <strong>{SHELL_TEXT.offlineTitle}</strong> {SHELL_TEXT.offlineBody}
    </div>
  );
}
