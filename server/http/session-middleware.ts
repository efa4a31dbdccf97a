import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Next } from 'koa';
import type { SessionAccess } from './session-access.ts';
import type { UserRecord } from '../db/user-record.ts';
import type { AppContext, AppState } from './context.ts';
import { unauthorized } from './errors.ts';

/**
 * Gives each request its own EntityManager and, when the cookie names a live session, its user. The
 * EntityManager is forked on first use: a read answered from the session cache (GET /api/auth/user,
 * the board from its cache) never needs one, and a fork costs about 5% of such a request's time
 * (MikroORM writes its configuration back to process.env on each).
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

/** A request's state, its EntityManager forked when first read (a getter on a class, not a property defined on each request's object). */
class RequestState implements AppState {
  user?: UserRecord;
  sid?: string;
  private forked: EntityManager | undefined;

  constructor(private readonly orm: MikroORM) {}

  get em(): EntityManager {
    return (this.forked ??= this.orm.em.fork());
  }
}

/** The signed-in user, or a 401. */
export function requireUser(ctx: AppContext): UserRecord {
  if (!ctx.state.user) throw unauthorized();
  return ctx.state.user;
}
