import type { Context, Next } from 'koa';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { MSG } from '#protocol/messages.ts';
import { forbidden } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** True when the claimed Origin (or Referer) names exactly the allowed origin. */
export function originMatches(claimed: string, allowed: string): boolean {
  try {
    return new URL(claimed).origin === allowed;
  } catch {
    return false;
  }
}

const firstValue = (header: string | string[] | undefined) =>
  String(header ?? '')
    .split(',')[0]!
    .trim();

/**
 * The origin a raw request was sent to, read as Koa reads it (ctx.protocol, ctx.host): behind our
 * proxy from its X-Forwarded-* headers, else from the connection and the Host header. For requests
 * Koa never sees, such as the Socket.IO handshake.
 */
export function ownOrigin(req: IncomingMessage, trustProxy: boolean): string {
  const encrypted = (req.socket as Partial<TLSSocket>).encrypted === true;
  const protocol = encrypted ? 'https' : trustProxy ? firstValue(req.headers['x-forwarded-proto']) || 'http' : 'http';
  const host = (trustProxy && firstValue(req.headers['x-forwarded-host'])) || req.headers.host || '';
  return `${protocol}://${host}`;
}

/**
 * CSRF defence: a state-changing request that names an origin must name ours (APP_ORIGIN, or the
 * host it was sent to). Requests without Origin or Referer come from non-browser clients.
 */
export function originCheck(appOrigin: string | undefined) {
  return async (ctx: Context, next: Next) => {
    if (!SAFE.has(ctx.method)) {
      const claimed = ctx.get('Origin') || ctx.get('Referer');
      if (claimed && !originMatches(claimed, appOrigin ?? `${ctx.protocol}://${ctx.host}`)) throw forbidden(MSG.forbiddenOrigin);
    }
    await next();
  };
}
