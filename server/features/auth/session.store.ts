import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { userColumns, type UserRecord } from '../users/user.presenter.ts';
import type { SessionCache } from './session-cache.ts';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * However active, a session ends this long after sign-in: a stolen cookie can't be kept alive
 * forever. Enforced on `expire` itself, which stays the one truth (the socket sweep reads it too).
 */
export const SESSION_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_AFTER_MS = 24 * 60 * 60 * 1000;

/** The cookie carries a random token; the table keeps its sha256, so a database leak is no login. */
export const sidOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LoadedSession {
  sid: string;
  user: UserRecord;
}

export class SessionStore {
  constructor(
    private readonly em: EntityManager,
    private readonly cache?: SessionCache,
  ) {}

  async create(userId: number): Promise<{ token: string; sid: string }> {
    const token = randomBytes(32).toString('base64url');
    const sid = sidOf(token);
    await this.em.execute('insert into sessions (sid, sess, expire, user_id) values (?, ?, ?, ?)', [
      sid,
      JSON.stringify({ userId, createdAt: new Date().toISOString() }),
      new Date(Date.now() + SESSION_TTL_MS),
      userId,
    ]);
    return { token, sid };
  }

  /** One indexed select joining the session to its user: the whole cost of GET /api/auth/user. */
  async load(token: string): Promise<LoadedSession | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const sid = sidOf(token);
    const cached = this.cache?.get(sid);
    if (cached) return cached;
    const rows = await this.em.execute<(UserRecord & { expire: Date })[]>(
      `select s.expire, ${userColumns('u')} from sessions s join users u on u.id = s.user_id where s.sid = ? and s.expire > now()`,
      [sid],
    );
    const row = rows[0];
    if (!row) return null;
    const { expire, ...user } = row;
    if (new Date(expire).getTime() - Date.now() < SESSION_TTL_MS - TOUCH_AFTER_MS) {
      // Slides forward, but never past sign-in + SESSION_MAX_AGE_MS; an old session is ended here.
      const touched = await this.em.execute<{ live: boolean }[]>(
        `update sessions set expire = least(?::timestamptz, (sess->>'createdAt')::timestamptz + ? * interval '1 millisecond')
         where sid = ? returning expire > now() as live`,
        [new Date(Date.now() + SESSION_TTL_MS), SESSION_MAX_AGE_MS, sid],
      );
      if (!touched[0]?.live) return null;
    }
    const session = { sid, user };
    this.cache?.set(session);
    return session;
  }

  async destroy(sid: string): Promise<void> {
    await this.em.execute('delete from sessions where sid = ?', [sid]);
    this.cache?.invalidateSid(sid);
  }

  /**
   * Ends every session of a user (password reset, deletion); returns their sids for socket
   * disconnects. Inside a transaction the caller invalidates the cache after commit.
   */
  async destroyAllForUser(userId: number): Promise<string[]> {
    const rows = await this.em.execute<{ sid: string }[]>('delete from sessions where user_id = ? returning sid', [userId]);
    return rows.map((r) => r.sid);
  }

  async purgeExpired(): Promise<void> {
    await this.em.execute('delete from sessions where expire < now()');
  }
}
