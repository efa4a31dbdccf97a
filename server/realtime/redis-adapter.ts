import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { CacheRegistry } from '../caches/cache-registry.ts';
import type { Logger } from '../lib/logger.ts';
import type { IoServer } from './publisher.ts';

/** Reconnected sockets are spread over up to this long, so a large instance's clients don't all refetch at once. */
const MAX_CATCH_UP_SPREAD_MS = 3_000;

type Command = (...args: unknown[]) => Promise<unknown>;

/**
 * The adapter fires its Redis commands without handling their promises (publish for broadcasts,
 * joins, disconnects and server-side emits; subscribe and unsubscribe on the subscriber), so with
 * Redis down each failure became an unhandled rejection, which ended the process. Catching here, at
 * the source, keeps the instance up; what was not published is made good by the catch-up below.
 */
function catchFailures(client: Redis, commands: string[], log: Logger): void {
  let lastWarned = 0;
  // The adapter only calls these with plain arguments and no callback; the cast is for indexing by name.
  const methods = client as unknown as Record<string, Command>;
  for (const name of commands) {
    const original = methods[name]!.bind(client);
    methods[name] = (...args) =>
      original(...args).catch((err: unknown) => {
        // One line per second at most: an outage would otherwise log every event.
        if (Date.now() - lastWarned > 1_000) {
          lastWarned = Date.now();
          log.warn(
            { err: err instanceof Error ? err.message : String(err), command: name },
            'redis command failed; events reach this instance only',
          );
        }
        return 0;
      });
  }
}

/**
 * After Redis comes back, events published during the outage are lost to every other instance.
 * This instance closes its sockets' connections (not a server disconnect, so clients reconnect by
 * themselves, and the web client refetches on reconnect): every screen catches up.
 */
function reconnectSocketsAfterOutage(io: IoServer, caches: CacheRegistry, log: Logger): void {
  caches.register('screens', {
    peersBack: (afterOutage) => {
      if (!afterOutage) return;
      const sockets = [...io.of('/').sockets.values()];
      log.warn({ sockets: sockets.length }, 'redis is back; reconnecting local sockets so clients catch up');
      // A millisecond per socket, at most MAX_CATCH_UP_SPREAD_MS in all.
      const spread = Math.min(MAX_CATCH_UP_SPREAD_MS, sockets.length);
      for (const socket of sockets) setTimeout(() => socket.conn.close(), Math.random() * spread).unref();
    },
  });
}

/** Socket.IO across instances: events travel over Redis pub/sub, and survive its outages. */
export function useRedisAdapter(io: IoServer, clients: { pub: Redis; sub: Redis }, log: Logger, caches: CacheRegistry): void {
  catchFailures(clients.pub, ['publish'], log);
  catchFailures(clients.sub, ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'], log);
  io.adapter(createAdapter(clients.pub, clients.sub));
  reconnectSocketsAfterOutage(io, caches, log);
}
