import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { AppContext } from '../../http/context.ts';
import { SESSION_TTL_MS } from './session.store.ts';

const PLAIN_NAME = 'crewtrade.sid';
/**
 * Over HTTPS the cookie takes the __Host- prefix: browsers then accept it only when it is Secure,
 * has Path=/ and no Domain, so a sibling subdomain or a network attacker can't plant or shadow it.
 */
const SECURE_NAME = '__Host-crewtrade.sid';

export const sessionCookieName = (secure: boolean) => (secure ? SECURE_NAME : PLAIN_NAME);

/**
 * The value of one cookie in a Cookie header: the first pair whose name matches, its value
 * everything after the first "=" (trailing blanks dropped), percent-decoded. Scanned in place, as
 * it runs on every request: splitting the header into arrays cost more than the session lookup.
 */
function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (let start = 0; start < header.length; ) {
    const next = header.indexOf(';', start);
    const end = next === -1 ? header.length : next;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && header.slice(start, eq).trimStart() === name) {
      const raw = header.slice(eq + 1, end).trimEnd();
      if (!raw.includes('%')) return raw;
      try {
        return decodeURIComponent(raw);
      } catch {
        return undefined;
      }
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * The session token of a request's Cookie header. On a secure connection only the __Host- cookie
 * counts, so a plain-named cookie planted from elsewhere is never read there.
 */
export const readSessionToken = (cookieHeader: string | undefined, secure: boolean) => readCookie(cookieHeader, sessionCookieName(secure));

/**
 * The same for a raw request (the Socket.IO handshake), deciding "secure" the way Koa does: TLS on
 * this socket, or, behind a trusted proxy, the first X-Forwarded-Proto.
 */
export function sessionTokenOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]!
        .trim()
    : '';
  const secure = (req.socket as TLSSocket).encrypted === true || forwarded === 'https';
  return readSessionToken(req.headers.cookie, secure);
}

export function setSessionCookie(ctx: AppContext, token: string): void {
  ctx.cookies.set(sessionCookieName(ctx.secure), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    path: '/',
    maxAge: SESSION_TTL_MS,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: AppContext): void {
  ctx.cookies.set(sessionCookieName(ctx.secure), null, { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: '/', overwrite: true });
}
