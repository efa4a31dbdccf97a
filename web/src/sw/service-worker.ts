// Crewtrade's service worker (docs/decisions/0013), built to /sw.js by vite.config.ts, which also writes the
// build's file list into PRECACHE. It keeps the app shell so the app opens with no network (and
// says so), and shows push notifications. It never answers for the API, files or sockets: those
// stay live, and the browser tests' request interception keeps seeing them.
import type { NavigateMessage, SkipWaitingMessage } from './sw-messages.ts';
import { notificationTarget, payloadOf, strategyFor } from './sw-rules.ts';

declare const self: ServiceWorkerGlobalScope;
/** Written by the build: every file of dist/web the shell needs, and a version that changes with them. */
declare const PRECACHE: { version: string; files: string[] };

const CACHE = `crewtrade-shell-${PRECACHE.version}`;
const SHELL = '/app.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([SHELL, ...PRECACHE.files]);
      // The first worker takes over at once. A new version waits, and the old one keeps serving the
      // files of the version the open windows run (their lazy screens included), until the crew
      // member takes the app's "new version" prompt (web/src/app/serviceWorker.ts).
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const data = event.data as Partial<SkipWaitingMessage> | null;
  if (data?.type === 'crewtrade:skip-waiting') event.waitUntil(self.skipWaiting());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith('crewtrade-shell-') && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  const strategy = strategyFor(url.pathname, request.mode === 'navigate');
  if (strategy === 'network') return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      if (strategy === 'asset') return (await cache.match(request)) ?? fetch(request);
      try {
        return await fetch(request);
      } catch (err) {
        // No network: the shell opens, and the app says it is offline.
        const shell = await cache.match(SHELL);
        if (shell) return shell;
        throw err;
      }
    })(),
  );
});

self.addEventListener('push', (event) => {
  const payload = payloadOf(event.data?.text() ?? null);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = notificationTarget(event.notification.data, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // An open app moves to the screen itself (no reload); focusing it brings it forward.
        const message: NavigateMessage = { type: 'crewtrade:navigate', url: new URL(target).pathname + new URL(target).search };
        open.postMessage(message);
        await open.focus();
        return;
      }
      await self.clients.openWindow(target);
    })(),
  );
});
