// The app's entry (app.html): every path but a signed-out visitor's "/", which starts from the
// landing entry (landing.ts) and comes here when it needs the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import RoutedApp from './app/RoutedApp.tsx';
import { recoverFromPreloadErrors } from './lib/lazyScreen.ts';
import { registerServiceWorker } from './app/serviceWorker.ts';
import { useSessionStore } from './stores/useSessionStore.ts';
import './styles.css';

// Ask for the session before the first render so the answer is on its way as early as possible.
void useSessionStore.getState().refresh();

// Replaces the prerendered landing page when the landing entry hands over.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RoutedApp />
  </StrictMode>,
);

recoverFromPreloadErrors();
registerServiceWorker();
