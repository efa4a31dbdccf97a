import type { LoadedSession } from './session.store.ts';

/** How long a session read may be served from memory; every change also invalidates explicitly. */
const TTL_MS = 5_000;
const MAX_ENTRIES = 20_000;

type Broadcast = (kind: 'sid' | 'user', value: string | number) => void;

/**
 * Sessions are read on every request; this keeps recent reads for a few seconds so GET
 * /api/auth/user and every other call skip the database. Sign-out, password reset, deletion and
 * profile changes invalidate here and, through `broadcast`, on every other instance.
 */
export class SessionCache {
  private readonly entries = new Map<string, { session: LoadedSession; at: number }>();
  private broadcast: Broadcast = () => undefined;

  connect(broadcast: Broadcast): void {
    this.broadcast = broadcast;
  }

  get(sid: string): LoadedSession | undefined {
    const hit = this.entries.get(sid);
    if (!hit) return undefined;
    if (Date.now() - hit.at > TTL_MS) {
      this.entries.delete(sid);
      return undefined;
    }
    return hit.session;
  }

  set(session: LoadedSession): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // Map keeps insertion order: the first key is the oldest entry.
      this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(session.sid, { session, at: Date.now() });
  }

  invalidateSid(sid: string, fromPeer = false): void {
    this.entries.delete(sid);
    if (!fromPeer) this.broadcast('sid', sid);
  }

  invalidateUser(userId: number, fromPeer = false): void {
    for (const [sid, { session }] of this.entries) if (session.user.id === userId) this.entries.delete(sid);
    if (!fromPeer) this.broadcast('user', userId);
  }
}
