// The service worker's decisions, as pure functions (tested in sw-rules.test.ts): what it answers
// from its cache, and which screen a notification opens.
import type { PushPayload } from '#protocol/push.ts';

/** Paths the worker never answers: the API, stored files and sockets always go to the network. */
const LIVE = ['/api/', '/uploads/', '/socket.io/'];

export type Strategy = 'shell' | 'asset' | 'network';

/**
 * How the worker serves a same-origin GET: a page navigation from the network, falling back to the
 * cached app shell when there is none (offline); a hashed asset from the cache (it never changes);
 * everything else as if there were no worker.
 */
export function strategyFor(path: string, isNavigation: boolean): Strategy {
  if (LIVE.some((p) => path.startsWith(p))) return 'network';
  if (isNavigation) return 'shell';
  if (path.startsWith('/assets/')) return 'asset';
  return 'network';
}

/** The screen a click on a notification opens: its own path in the app, never another origin. */
export function notificationTarget(data: unknown, origin: string): string {
  const url = (data as Partial<PushPayload> | null)?.url;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return `${origin}/`;
  const resolved = new URL(url, origin);
  return resolved.origin === origin ? resolved.href : `${origin}/`;
}

/** A push's payload as the server sends it, or a plain notice if it is not one. */
export function payloadOf(text: string | null): PushPayload {
  try {
    const p = JSON.parse(text ?? '') as Partial<PushPayload>;
    if (typeof p.title === 'string' && typeof p.body === 'string') {
      return {
        title: p.title,
        body: p.body,
        url: typeof p.url === 'string' ? p.url : '/',
        tag: typeof p.tag === 'string' ? p.tag : 'crewtrade',
      };
    }
  } catch {
    // not JSON: shown as it came
  }
  return { title: 'Crewtrade', body: text ?? '', url: '/', tag: 'crewtrade' };
}
