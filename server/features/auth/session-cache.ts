import type { LoadedSession } from './session.store.ts';

/**
 * How long a session read may be served from memory. Every change (sign-out, password reset,
 * deletion, profile) invalidates explicitly, here and on every instance, and a Redis reconnect
 * clears everything (server.ts), so this only bounds what a lost invalidation can cost while Redis
 * is away; the boards' safety net is the same 30 s. Crew act every few seconds to a minute: at 5 s
 * most of their calls read the session from PostgreSQL, and those reads set the routes' tail.
 */
const TTL_MS = 30_000;
const MAX_ENTRIES = 20_000;

type Broadcast = (kind: 'sid' | 'user', value: string | number) => void;

export interface SessionCacheOptions {
  /** Milliseconds since the epoch (Date.now by default), for the TTL and the session's own expiry. */
  now?: () => number;
}

/**
 * Sessions are read on every request; this keeps recent reads for a while so GET /api/auth/user
 * and every other call skip the database. Sign-out, password reset, deletion and profile changes
 * invalidate here and, through `broadcast`, on every other instance.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: LoadedSession; until: number }>();
  private broadcast: Broadcast = () => undefined;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  connect(broadcast: Broadcast): void {
    this.broadcast = broadcast;
  }

  get size(): number {
    return this.entries.size;
  }

  get(sid: string): LoadedSession | undefined {
    const hit = this.entries.get(sid);
    if (!hit) return undefined;
    if (this.now() >= hit.until) {
      this.entries.delete(sid);
      return undefined;
    }
    return hit.session;
  }

  /** `expiresAt` (ms): the session's own end, which the cache never serves past. */
  set(session: LoadedSession, expiresAt = Infinity): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order: the first key is the oldest entry.
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(session.sid, { session, until: Math.min(this.now() + TTL_MS, expiresAt) });
  }

  invalidateSid(sid: string, fromPeer = false): void {
    this.entries.delete(sid);
    if (!fromPeer) this.broadcast('sid', sid);
  }

  invalidateUser(userId: number, fromPeer = false): void {
    for (const [sid, { session }] of this.entries) if (session.user.id === userId) this.entries.delete(sid);
    if (!fromPeer) this.broadcast('user', userId);
  }

  /** Everything, here only: for when invalidations may have been lost (Redis reconnected after an outage). */
  clear(): void {
    this.entries.clear();
  }
}
