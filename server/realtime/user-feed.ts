import type { ServerToClientEvents } from '#protocol/events.ts';
import type { CacheRegistry } from '../caches/cache-registry.ts';
import type { PeerChannel } from '../caches/peer-channels.ts';
import type { Logger } from '../lib/logger.ts';
import type { IoServer } from './publisher.ts';
import { rooms } from './rooms.ts';

type EventName = keyof ServerToClientEvents;
type Payload<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

export interface UserFeedOptions<E extends EventName> {
  io: IoServer;
  /** The other instances are told through this (caches/cache-registry.ts); none in unit tests. */
  caches: CacheRegistry | undefined;
  /** The server-side channel between instances, and the event the users' sockets get. */
  channel: PeerChannel;
  event: E;
  /** Fresh state for these users, one query for all of them (only users with a socket here). */
  load(userIds: readonly number[]): Promise<ReadonlyMap<number, Payload<E>>>;
  log: Pick<Logger, 'warn'>;
}

/** Refreshes the users' state where they are connected; resolves once this instance's part has been sent. */
export type UserFeed = (userIds: readonly number[]) => Promise<void>;

/**
 * Per-user state a commit made stale (the badge counts), loaded only where it is shown: each
 * instance loads it for the users with a socket there and sends it to those sockets. The instance
 * that committed tells the others the user ids over the Redis adapter. A write that touches users
 * with no app open anywhere costs no query at all; a socket that connects later gets fresh state at
 * its handshake (socket-server.ts).
 *
 * Each instance runs one load at a time, and ids that go stale meanwhile wait for the next one,
 * together: a burst of commits costs one query, and a user's last state sent is never older than
 * the last commit that touched it.
 */
export function createUserFeed<E extends EventName>(o: UserFeedOptions<E>): UserFeed {
  const here = (ids: readonly number[]) => ids.filter((id) => o.io.of('/').adapter.rooms.has(rooms.user(id)));
  let tail: Promise<void> = Promise.resolve();
  /** The ids of the next load, not started yet (it starts when the running one ends). */
  let next: { ids: Set<number>; sent: Promise<void> } | undefined;

  const send = async (ids: readonly number[]) => {
    const connected = here(ids);
    if (connected.length === 0) return;
    try {
      const state = await o.load(connected);
      // This instance's sockets only: each instance serves its own, so no socket gets it twice.
      // The cast: emit's typed overloads cannot take an event name that is a type parameter.
      for (const [userId, payload] of state) {
        (o.io.local.to(rooms.user(userId)).emit as (ev: E, p: Payload<E>) => boolean)(o.event, payload);
      }
    } catch (err) {
      o.log.warn({ err, channel: o.channel }, 'user feed refresh failed');
    }
  };

  const refreshHere = (ids: readonly number[]): Promise<void> => {
    const mine = here(ids);
    if (mine.length === 0) return Promise.resolve();
    if (!next) {
      const batch: { ids: Set<number>; sent: Promise<void> } = { ids: new Set(), sent: Promise.resolve() };
      batch.sent = tail.then(() => {
        if (next === batch) next = undefined;
        return send([...batch.ids]);
      });
      tail = batch.sent;
      next = batch;
    }
    for (const id of mine) next.ids.add(id);
    return next.sent;
  };

  const onPeer = (key: string) => void refreshHere(key.split(',').map(Number).filter(Number.isInteger));
  const tellPeers = o.caches ? o.caches.channel(o.channel, onPeer) : () => undefined;
  return (userIds) => {
    if (userIds.length === 0) return Promise.resolve();
    tellPeers(userIds.join(','));
    return refreshHere(userIds);
  };
}
