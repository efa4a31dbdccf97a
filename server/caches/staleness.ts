/**
 * What each per-instance cache may serve stale, and for how long: the one table of them
 * (docs/decisions/0028-one-cache-registry.md). Every change is told to the other instances over
 * its peer channel; `maxStaleMs` bounds only what a lost message can cost, and every cache is
 * reset when the peer channel comes back (caches/cache-registry.ts).
 */
export interface Staleness {
  /** Longest an entry is served without being read again, told of a change or not. */
  maxStaleMs: number;
  /**
   * While the peer channel is down, changes made on other instances cannot arrive: 'memory' keeps
   * serving what is held (bounded by maxStaleMs), 'database' reads afresh every time.
   */
  whilePeersDown: 'memory' | 'database';
  /** How often, while the peer channel is down, what is held is checked against the database (when it is at all). */
  recheckWhilePeersDownMs?: number;
}

export const staleness = {
  /**
   * Sessions: read on every request. Crew act every few seconds to a minute: at 5 s most of their
   * calls read the session from PostgreSQL, and those reads set the routes' tail. While the peers
   * are away a sign-out or deletion elsewhere must end the session here at once: no memory then.
   */
  sessions: { maxStaleMs: 30_000, whilePeersDown: 'database' },
  /**
   * Open sockets' sessions, admitted at the handshake and checked by the session sweep
   * (realtime/session-sweep.ts); the sign-out or deletion that disconnects them elsewhere is lost
   * while the peers are away, so the sweep then runs every 2 s.
   */
  socketSessions: { maxStaleMs: 60_000, whilePeersDown: 'database', recheckWhilePeersDownMs: 2_000 },
  /** Group tradeboards as sent: patched in place across instances; the same 30 s net as sessions. */
  boards: { maxStaleMs: 30_000, whilePeersDown: 'memory' },
  /**
   * Who may have a push device: a superset, read whole again every minute. A device turned on
   * elsewhere while the peers are away misses its pushes until then.
   */
  pushDevices: { maxStaleMs: 60_000, whilePeersDown: 'memory' },
  /**
   * Calendar feeds as sent (features/calendar/calendar-cache.ts): nothing tells the instances of
   * changes, so every feed may be this old, here and elsewhere, peers up or down; calendar apps
   * poll every few minutes at most. Who may read one is checked on every fetch, never held.
   */
  calendarFeeds: { maxStaleMs: 60_000, whilePeersDown: 'memory' },
  /**
   * The admins' Insights report (features/admin/insights-cache.ts): one per instance, counted at
   * most once a minute, however many admins look; nothing tells the instances of changes, so it may
   * be this old everywhere, peers up or down. Its figures are weeks long.
   */
  insights: { maxStaleMs: 60_000, whilePeersDown: 'memory' },
  /**
   * Badge counts: nothing held; sent afresh after each commit that moves them. Counts moved on
   * another instance while the peers are away arrive when the sockets reconnect and refetch.
   */
  badges: { maxStaleMs: 0, whilePeersDown: 'memory' },
  /**
   * What open screens show, kept current by socket events: those published while the peers are
   * away are lost to the other instances, so on their return every socket here reconnects and its
   * client refetches (realtime/redis-adapter.ts). Until then the screens may lag.
   */
  screens: { maxStaleMs: 0, whilePeersDown: 'memory' },
} as const satisfies Record<string, Staleness>;

export type CacheName = keyof typeof staleness;
