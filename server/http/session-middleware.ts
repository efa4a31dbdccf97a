import type { MikroORM } from '@mikro-orm/postgresql';
import type { SessionCache } from '../features/auth/session-cache.ts';
import type { Next } from 'koa';
import { readSessionToken } from '../features/auth/session-cookie.ts';
import { SessionStore } from '../features/auth/session.store.ts';
import type { UserRecord } from '../features/users/user.presenter.ts';
import type { AppContext } from './context.ts';
import { unauthorized } from './errors.ts';

/** Gives each request its own EntityManager and, when the cookie names a live session, its user. */
export function sessionMiddleware(orm: MikroORM, cache: SessionCache) {
  return async (ctx: AppContext, next: Next) => {
    ctx.state.em = orm.em.fork();
    const token = readSessionToken(ctx.get('Cookie'), ctx.secure);
    if (token && (ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/'))) {
      const session = await new SessionStore(ctx.state.em, cache).load(token);
      if (session) {
        ctx.state.user = session.user;
        ctx.state.sid = session.sid;
      }
    }
    await next();
  };
}

/** The signed-in user, or a 401. */
export function requireUser(ctx: AppContext): UserRecord {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}
