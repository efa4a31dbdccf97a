import type { AppContext } from '../../http/context.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from './session.store.ts';

export function setSessionCookie(ctx: AppContext, token: string): void {
  ctx.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: SESSION_TTL_MS,
    overwrite: true,
  });
}

export function clearSessionCookie(ctx: AppContext): void {
  ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', overwrite: true });
}
