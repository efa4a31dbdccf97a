import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Next } from 'koa';
import type { SessionAccess } from '../features/auth/session-access.ts';
import type { UserRecord } from '../features/users/user.presenter.ts';
import type { AppContext } from './context.ts';
import { unauthorized } from './errors.ts';

/**
 * Gives each request its own EntityManager and, when the cookie names a live session, its user. The
 * EntityManager is forked on first use: a read answered from the session cache (GET /api/auth/user,
 * the board from its cache) never needs one, and a fork costs about 5% of such a request's time
 * (MikroORM writes its configuration back to process.env on each).
 */
export function sessionMiddleware(orm: MikroORM, sessions: Pick<SessionAccess, 'forRequest'>) {
  return async (ctx: AppContext, next: Next) => {
    let em: EntityManager | undefined;
    Object.defineProperty(ctx.state, 'em', { get: () => (em ??= orm.em.fork()), enumerable: true, configurable: true });
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/')) {
      const session = await sessions.forRequest(() => ctx.state.em, ctx.get('Cookie') || undefined, ctx.secure);
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
