import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Next } from 'koa';
import type { SessionAccess } from './session-access.ts';
import type { UserRecord } from '../db/user-record.ts';
import type { AppContext, AppState } from './context.ts';
import { unauthorized } from './errors.ts';
import { poolEm } from '../db/pool-em.ts';

/**
 * Gives each request the pool's EntityManager (poolEm: shared, never forked per request) and, when
 * the cookie names a live session, its user.
 */
export function sessionMiddleware(orm: MikroORM, sessions: Pick<SessionAccess, 'forRequest'>) {
  return async (ctx: AppContext, next: Next) => {
    const state = new RequestState(orm);
    ctx.state = state;
    if (ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/')) {
      // An inline arrow: a named one (a class field) costs a name definition per request under tsx.
      const session = await sessions.forRequest(() => state.em, ctx.get('Cookie') || undefined, ctx.secure);
      if (session) {
        state.user = session.user;
        state.sid = session.sid;
      }
    }
    await next();
  };
}

/** A request's state (a getter on a class, not a property defined on each request's object). */
class RequestState implements AppState {
  user?: UserRecord;
  sid?: string;

  constructor(private readonly orm: MikroORM) {}

  get em(): EntityManager {
    return poolEm(this.orm);
  }
}

/** The signed-in user, or a 401. */
export function requireUser(ctx: AppContext): UserRecord {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}
