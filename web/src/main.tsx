import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Entry } from './app/Entry.tsx';
import { recoverFromPreloadErrors } from './lib/lazyScreen.ts';
import { registerServiceWorker } from './lib/serviceWorker.ts';
import { useSessionStore } from './stores/useSessionStore.ts';
import './styles.css';

// Ask for the session before the first render so the answer is on its way as early as possible.
void useSessionStore.getState().refresh();

const root = document.getElementById('root')!;
// index.html carries the landing page prerendered; the server sends it for "/" only, and only to a
// browser without a session cookie (app.html, the empty shell, otherwise).
const prerendered = window.location.pathname === '/' && root.firstElementChild !== null;
const app = (
  <StrictMode>
    <Entry prerendered={prerendered} />
  </StrictMode>
);
if (prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);

recoverFromPreloadErrors();
registerServiceWorker();
