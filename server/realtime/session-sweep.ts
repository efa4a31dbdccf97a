import type { CacheRegistry } from '../caches/cache-registry.ts';
import { staleness } from '../caches/staleness.ts';
import type { Logger } from '../lib/logger.ts';
import type { IoServer } from './publisher.ts';

/**
 * A socket is admitted once, at the handshake; its session may end later without a sign-out (it
 * expires, or reaches its maximum age). Every intervalMs this instance checks the sessions of its
 * own sockets in one query (`liveSessions`: which of these sids are live sessions) and drops the
 * sockets whose session row is gone or expired. While the peer channel is down, a sign-out or a
 * deletion on another instance cannot disconnect the sockets here: the check then runs every few
 * seconds (caches/staleness.ts), until the channel is back.
 */
export function startSessionSweep(
  io: IoServer,
  liveSessions: (sids: string[]) => Promise<ReadonlySet<string>>,
  log: Logger,
  intervalMs: number,
  caches?: CacheRegistry,
): () => void {
  let running = false;
  let stopped = false;
  const sweep = async () => {
    const sockets = [...io.of('/').sockets.values()].filter((s) => typeof s.data.sid === 'string');
    if (sockets.length === 0) return;
    const sids = [...new Set(sockets.map((s) => s.data.sid as string))];
    const live = await liveSessions(sids);
    for (const socket of sockets) {
      if (live.has(socket.data.sid as string)) continue;
      // The web client goes home signed out on this event; the disconnect holds for any client.
      socket.emit('session:ended');
      socket.disconnect(true);
    }
  };
  const run = () => {
    if (running) return;
    running = true;
    sweep()
      .catch((err: unknown) => log.warn({ err }, 'socket session sweep failed'))
      .finally(() => (running = false));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  let whilePeersDown: NodeJS.Timeout | undefined;
  const stopFast = () => {
    clearInterval(whilePeersDown);
    whilePeersDown = undefined;
  };
  caches?.register('socketSessions', {
    peersLost: () => {
      if (stopped || whilePeersDown) return;
      whilePeersDown = setInterval(run, Math.min(intervalMs, staleness.socketSessions.recheckWhilePeersDownMs));
      whilePeersDown.unref();
    },
    peersBack: stopFast,
  });
  return () => {
    stopped = true;
    clearInterval(timer);
    stopFast();
  };
}
