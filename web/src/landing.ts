// The landing entry (index.html, served for "/" to a browser without a session cookie). The page is
// already there, prerendered at build time (web/build/prerender-plugin.ts), and works with no script:
// its links are links. So this loads no React, router, stores or socket client; it hands over to the
// app (main.tsx) only when the visitor leaves for one of the app's screens, or when this browser
// may be signed in. docs/decisions/0030-light-signed-out-entry.md.
import { hasCachedUser } from './app/sessionHint.ts';
import './styles.css';

const root = document.getElementById('root')!;

const startApp = () => import('./main.tsx');
/** Fetches the app's chunks without running them: a visitor about to click waits less. */
const warmApp = () => void import('./app/RoutedApp.tsx');

/** A same-origin link the app routes (not the API's sign-in with Google or Apple, not this page). */
function appLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest('a') : null;
  if (!link || link.origin !== window.location.origin || link.target) return null;
  const path = link.pathname;
  return path === '/' || path.startsWith('/api/') ? null : link;
}

if (window.location.pathname !== '/' || root.firstElementChild === null || hasCachedUser()) {
  // Another path, the dev server's unrendered page, or a browser that may be signed in.
  void startApp();
} else {
  root.addEventListener('click', (event) => {
    const link = appLink(event.target);
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.history.pushState(null, '', link.pathname + link.search);
    void startApp();
  });
  let warmed = false;
  const warm = (event: Event) => {
    if (warmed || !appLink(event.target)) return;
    warmed = true;
    warmApp();
  };
  for (const type of ['pointerover', 'touchstart', 'focusin']) root.addEventListener(type, warm, { passive: true });
}
