// Starts the app: asks for the session, renders the routed app into the root (in place of a
// prerendered page when one hands over), and registers the service worker. A module without side
// effects of its own, so a prerendered page can fetch and load it ahead, and start it only once the
// visitor is signed in (src/authEntry.ts, docs/decisions/0032-light-sign-in-and-first-screen.md).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { recoverFromPreloadErrors } from '../lib/lazyScreen.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import RoutedApp from './RoutedApp.tsx';
import { registerServiceWorker } from './serviceWorker.ts';

export function startApp(): void {
  // Ask for the session before the first render so the answer is on its way as early as possible.
  void useSessionStore.getState().refresh();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RoutedApp />
    </StrictMode>,
  );
  recoverFromPreloadErrors();
  registerServiceWorker();
}
