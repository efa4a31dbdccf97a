import { ServerResponse, type IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import type { Redis } from 'ioredis';
import type { CacheRegistry } from '../caches/cache-registry.ts';
import type { Config } from '../config.ts';
import { isDatabaseUnavailable } from '../db/connection-failures.ts';
import { originMatches, ownOrigin } from '../http/origin-check.ts';
import type { Logger } from '../lib/logger.ts';
import type { SessionAccess } from '../http/session-access.ts';
import type { IoServer } from './publisher.ts';
import { rooms } from './rooms.ts';
import { useRedisAdapter } from './redis-adapter.ts';

export interface SocketDeps {
  config: Config;
  log: Logger;
  sessions: SessionAccess;
  redis?: { pub: Redis; sub: Redis };
  /** The per-instance caches: their peer channels travel over this server once the Redis adapter is set. */
  caches: CacheRegistry;
}

/**
 * Socket.IO, authenticated at the handshake from the session cookie. Not yet attached: server.ts
 * attaches it to the HTTP server built from the app, so engine.io alone answers its path.
 */
export function createSocketServer(deps: SocketDeps): IoServer {
  const io: IoServer = new Server({
    path: '/socket.io',
    serveClient: false,
    cors: deps.config.appOrigin ? { origin: deps.config.appOrigin, credentials: true } : undefined,
    // Cross-site WebSocket hijacking: a page elsewhere must not open a socket with our cookie. Same
    // rule as the CSRF check (http/origin-check.ts); a client that names no origin is not a browser.
    allowRequest: (req, callback) => {
      const claimed = req.headers.origin;
      const ok = !claimed || originMatches(claimed, deps.config.appOrigin ?? ownOrigin(req, deps.config.trustProxy));
      callback(ok ? null : 'origin refused', ok);
    },
  });
  if (deps.redis) {
    useRedisAdapter(io, deps.redis, deps.log, deps.caches);
    // The caches' invalidations travel to the other instances over the adapter; one instance needs none.
    deps.caches.attach(io);
  }

  /** Resolves to the refusal to hand the client, or nothing when the socket is admitted. */
  const admit = async (socket: Parameters<Parameters<IoServer['use']>[0]>[0]): Promise<Error | undefined> => {
    try {
      const session = await deps.sessions.forSocket(socket.request);
      if (!session) return new Error('unauthorized');
      socket.data.userId = session.userId;
      // The session sweep (session-sweep.ts) drops the socket when this session ends.
      socket.data.sid = session.sid;
      await socket.join(session.rooms);
      return undefined;
    } catch (err) {
      // The client retries later; its session may well be fine.
      if (isDatabaseUnavailable(err)) return new Error('unavailable');
      deps.log.error({ err }, 'socket handshake failed');
      return new Error('unauthorized');
    }
  };
  io.use((socket, next) => void admit(socket).then(next));
  // A fresh socket gets the badge counts at once: a reconnect may have missed pushes.
  io.on('connection', (socket) => {
    forgetHandshakeRequest(socket);
    deps.sessions
      .badges(socket.data.userId as number)
      .then((mine) => {
        if (mine && socket.connected) socket.emit('badges', mine);
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'badges on connect failed'));
  });
  return io;
}

/** Where an upgrade's request keeps engine.io's response stand-in until the upgrade is answered. */
const upgradeResponse = Symbol('upgradeResponse');
type UpgradeRequest = IncomingMessage & { [upgradeResponse]?: { req: IncomingMessage | null } };

/**
 * A WebSocket upgrade's HTTP request is dropped once the upgrade is answered. Engine.io answers an
 * upgrade through a stand-in response that holds the request, and the TCP connection's close
 * listener holds the stand-in: the request (its parsed and raw headers, the session cookie among
 * them, its stream state) would stay for as long as the socket lives, about 2 KB a socket
 * (docs/decisions/0034). Nothing reads the stand-in's request after the 101's headers are written.
 * Called once attached: engine.io exists from then on.
 */
export function releaseUpgradeRequests(io: IoServer): void {
  io.engine.use((req: UpgradeRequest, res: unknown, next: (err?: Error) => void) => {
    // A polling request has a real response, which Node lets go with the request.
    if (!(res instanceof ServerResponse)) req[upgradeResponse] = res as { req: IncomingMessage | null };
    next();
  });
  io.engine.on('headers', (_headers: unknown, req: UpgradeRequest) => {
    const res = req[upgradeResponse];
    if (res) res.req = null;
  });
}

type AppSocket = Parameters<Parameters<IoServer['on']>[1]>[0];

/**
 * Once admitted, a socket needs nothing of its handshake: the user and session are in its data.
 * Engine.io would otherwise keep the upgrade's HTTP request (with its raw headers) and Socket.IO a
 * copy of its headers (the session cookie among them) for as long as the socket lives: memory held
 * per socket for nothing (docs/decisions/0029).
 */
function forgetHandshakeRequest(socket: AppSocket): void {
  // engine.io types the request as always there; after admission nothing reads it again.
  (socket.conn as { request: unknown }).request = null;
  socket.handshake.headers = {};
}

/** Moves a user's sockets to the board room of their new group (after a profile change). */
export async function moveUserToGroup(io: IoServer, userId: number, from: string | null, to: string | null): Promise<void> {
  if (from === to) return;
  // Locally at once (even while Redis is down), then on the other instances through the adapter.
  for (const target of [io.local, io]) {
    if (from) target.in(rooms.user(userId)).socketsLeave(rooms.board(from));
    if (to) target.in(rooms.user(userId)).socketsJoin(rooms.board(to));
  }
}

/** Moves a user's sockets out of `leave` and into `join` (chat rooms after a profile change). */
export function moveUserRooms(io: IoServer, userId: number, leave: readonly string[], join: readonly string[]): void {
  const out = leave.filter((r) => !join.includes(r));
  const into = join.filter((r) => !leave.includes(r));
  if (out.length === 0 && into.length === 0) return;
  // Locally at once (even while Redis is down), then on the other instances through the adapter.
  for (const target of [io.local, io]) {
    if (out.length) target.in(rooms.user(userId)).socketsLeave([...out]);
    if (into.length) target.in(rooms.user(userId)).socketsJoin([...into]);
  }
}
