import type { EntityManager } from '@mikro-orm/postgresql';
import { hash, randomBytes } from 'node:crypto';
import type { LoadedSession } from '../../http/session-access.ts';
import type { SessionCache } from './session-cache.ts';
import * as sessions from './sessions.queries.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * However active, a session ends this long after sign-in: a stolen cookie can't be kept alive
 * forever. Enforced on `expire` itself, which stays the one truth (the socket sweep reads it too).
 */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;

/** The cookie carries a random token; the table keeps its sha256, so a database leak is no login. */
// One-shot hash: no Hash object per call (every signed-in request derives its session's key).
export const sidOf = (token: string) => hash('sha256', token, 'hex');

export type { LoadedSession };

export class SessionStore {
  constructor(
    /** Or how to get one: a session found in the cache needs none. */
    private readonly db: EntityManager | (() => EntityManager),
    private readonly cache?: SessionCache,
  ) {}

  private get em(): EntityManager {
    return typeof this.db === 'function' ? this.db() : this.db;
  }

  async create(userId: number): Promise<{ token: string; sid: string }> {
    const token = randomBytes(32).toString('base64url');
    const sid = sidOf(token);
    await sessions.insertSession(this.em, { sid, userId, expire: new Date(Date.now() + SESSION_TTL_MS) });
    return { token, sid };
  }

  /** One indexed select joining the session to its user: the whole cost of GET /api/auth/user. */
  async load(token: string): Promise<LoadedSession | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const sid = sidOf(token);
    const cached = this.cache?.get(sid);
    if (cached) return cached;
    const row = await sessions.findLiveSession(this.em, sid);
    if (!row) return null;
    const { expire, ...user } = row;
    if (new Date(expire).getTime() - Date.now() < SESSION_TTL_MS - TOUCH_AFTER_MS) {
      // Slides forward, but never past sign-in + SESSION_MAX_AGE_MS; an old session is ended here.
      const live = await sessions.slideSession(this.em, sid, new Date(Date.now() + SESSION_TTL_MS), SESSION_MAX_AGE_MS);
      if (!live) return null;
    }
    const session = { sid, user };
    // Bounded by the expiry read (a slide only moves it later): a cached session never outlives its row's.
    this.cache?.set(session, new Date(expire).getTime());
    return session;
  }

  async destroy(sid: string): Promise<void> {
    await sessions.deleteSession(this.em, sid);
    this.cache?.invalidateSid(sid);
  }

  /**
   * Ends every session of a user (password reset, deletion); returns their sids for socket
   * disconnects. Inside a transaction the caller invalidates the cache after commit.
   */
  async destroyAllForUser(userId: number): Promise<string[]> {
    return sessions.deleteUserSessions(this.em, userId);
  }

  async purgeExpired(): Promise<void> {
    await sessions.deleteExpiredSessions(this.em);
  }
}
