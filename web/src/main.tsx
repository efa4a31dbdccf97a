import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App.tsx';
import { recoverFromPreloadErrors } from './lib/lazyScreen.ts';
import { registerServiceWorker } from './app/serviceWorker.ts';
import { useSessionStore } from './stores/useSessionStore.ts';
import './styles.css';

// Ask for the session before the first render so the answer is on its way as early as possible.
void useSessionStore.getState().refresh();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

recoverFromPreloadErrors();
registerServiceWorker();
