import type { CacheRegistry } from '../../caches/cache-registry.ts';
import { peerChannels } from '../../caches/peer-channels.ts';
import { staleness } from '../../caches/staleness.ts';
import type { LoadedSession } from './session.store.ts';

/**
 * How long a session read may be served from memory (caches/staleness.ts). Every change (sign-out,
 * password reset, deletion, profile) invalidates explicitly, here and on every instance; while the
 * peers are away nothing is served from memory, and their return clears everything.
 */
const TTL_MS = staleness.sessions.maxStaleMs;
const MAX_ENTRIES = 20_000;

type Broadcast = (kind: 'sid' | 'user', value: string) => void;

export interface SessionCacheOptions {
  /** Milliseconds since the epoch (Date.now by default), for the TTL and the session's own expiry. */
  now?: () => number;
  /** Whether memory may answer now (not while the peer channel is down); always by default. */
  mayServe?: () => boolean;
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
  private readonly mayServe: () => boolean;

  constructor(options: SessionCacheOptions = {}) {
    this.now = options.now ?? Date.now;
    this.mayServe = options.mayServe ?? (() => true);
  }

  connect(broadcast: Broadcast): void {
    this.broadcast = broadcast;
  }

  get size(): number {
    return this.entries.size;
  }

  get(sid: string): LoadedSession | undefined {
    if (!this.mayServe()) return undefined;
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
    if (!this.mayServe()) return;
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
    if (!fromPeer) this.broadcast('user', String(userId));
  }

  /** Everything, here only: for when invalidations may have been lost (Redis reconnected after an outage). */
  clear(): void {
    this.entries.clear();
  }
}

/** The app's session cache, joined to the other instances' through the registry. */
export function createSessionCache(caches: CacheRegistry): SessionCache {
  const cache = new SessionCache({ mayServe: () => caches.mayServeFromMemory('sessions') });
  cache.connect(
    caches.channel(peerChannels.session, (kind, value) => {
      if (kind === 'sid') cache.invalidateSid(String(value), true);
      else cache.invalidateUser(Number(value), true);
    }),
  );
  // Entries held when the peers went away may have missed an invalidation since; those of the outage are not held.
  caches.register('sessions', { peersLost: () => cache.clear(), peersBack: () => cache.clear() });
  return cache;
}
