import { Redis, type RedisOptions } from 'ioredis';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import { CacheRegistry } from './caches/cache-registry.ts';
import { staleness } from './caches/staleness.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { DatabaseTimeouts } from './db/mikro-orm.config.ts';
import type { Deps } from './deps.ts';
import { createPasswordHasher } from './features/auth/password.ts';
import { createSessionAccess } from './features/auth/session-access.ts';
import { createSessionCache } from './features/auth/session-cache.ts';
import { SessionStore } from './features/auth/session.store.ts';
import { liveSessionIds } from './features/auth/sessions.queries.ts';
import { EventBus } from './events/event-bus.ts';
import { registerSubscribers } from './subscribers.ts';
import { createBoardCache } from './features/board/board-cache.ts';
import { createFeedCache } from './features/calendar/calendar-cache.ts';
import { createInsightsCache } from './features/admin/insights-cache.ts';
import { createRateLimits } from './http/rate-limit.ts';
import { forwardedHeaderGuard } from './http/trusted-proxy.ts';
import { createHttpServer } from './lib/graceful-http.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer } from './mail/mailer.ts';
import { NotificationOutbox } from './outbox/notification-outbox.ts';
import { createPublisher } from './realtime/publisher.ts';
import { createPushDevices } from './features/push/push-devices.ts';
import { createPushSender } from './features/push/push-sender.ts';
import { createRosterFetch, type Lookup } from './features/roster/roster-fetch.ts';
import { stopRosterReader } from './features/roster/roster-parser.ts';
import { startRosterRefresh } from './features/roster/roster-refresh.ts';
import { createUrlSecret } from './features/roster/url-secret.ts';
import { startSessionSweep } from './realtime/session-sweep.ts';
import { createSocketServer, releaseUpgradeRequests } from './realtime/socket-server.ts';
import { syncOwnerAdmin } from './features/user-kernel/users.queries.ts';
import { startUploadSweeper } from './storage/upload-sweeper.ts';
import { startStandingRuleSweep } from './features/offers/standing-rule-sweep.ts';
import { readOutboxStatus } from './ops/outbox-status.ts';
import { createReadiness, type Readiness } from './ops/readiness.ts';
import { poolEm } from './db/pool-em.ts';

/** A WebSocket client that has not answered the server's close by then is cut off. */
const WEBSOCKET_CLOSE_GRACE_MS = 1_000;

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  readiness: Readiness;
  /**
   * Stops gracefully. First the drain (drainMs, 0 unless asked): /readyz answers 503 and every
   * response closes its connection, while the instance still serves and the load balancer moves
   * away. Then it stops accepting, closes every socket's connection (clients reconnect, to another
   * instance; a WebSocket that does not answer within 1 s is cut), lets requests in flight finish
   * (cut after graceMs), and closes Redis, mail and the database.
   */
  close(options?: { graceMs?: number; drainMs?: number }): Promise<void>;
}

export interface ServerOptions {
  log?: Logger;
  poolMax?: number;
  /** How often sockets are checked against their sessions (realtime/session-sweep.ts). */
  sessionSweepMs?: number;
  /** Database connect and statement timeouts (short in fault tests). */
  dbTimeouts?: DatabaseTimeouts;
  /** Name resolution for roster subscriptions: tests make public-looking names resolve to 127.0.0.1. */
  rosterLookup?: Lookup;
  /** How often each instance looks for roster subscriptions due to be read again. */
  rosterRefreshMs?: number;
  /** How often the standing rules' catch-up runs (docs/decisions/0045). */
  ruleSweepMs?: number;
  /** The time rosters are read at: tests fix it, so that a fixture roster's month stays ahead. */
  rosterClock?: () => Date;
}

function redisClient(url: string, log: Logger, role: string, options: RedisOptions = {}): Redis {
  const client = new Redis(url, {
    maxRetriesPerRequest: 2,
    // Reconnect at least every second: after an outage, clients catch up soon (realtime/redis-adapter.ts).
    retryStrategy: (times) => Math.min(times * 100, 1_000),
    ...options,
  });
  // Without a handler an outage floods the log with unhandled 'error' events.
  client.on('error', (err) => log.warn({ err: err.message, role }, 'redis error'));
  return client;
}

/** Builds and starts one instance: database, mail, sockets, HTTP. Used by main.ts, tests and the bench. */
export async function startServer(config: Config, options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  await fs.mkdir(config.uploadDir, { recursive: true });
  const db = await openDatabase(config, log, { poolMax: options.poolMax, timeouts: options.dbTimeouts });
  // The owner is an admin once its address is proven, even if the account existed before OWNER_EMAIL named it.
  if (config.ownerEmail) await syncOwnerAdmin(poolEm(db.orm), config.ownerEmail);
  const redis = config.redisUrl
    ? {
        pub: redisClient(config.redisUrl, log, 'pub'),
        // Subscriptions wait for Redis however long it is away: given up, they would never be made.
        sub: redisClient(config.redisUrl, log, 'sub', { maxRetriesPerRequest: null }),
        // Rate limits must not wait for a Redis that is down: fail at once, and the in-memory limiter takes over.
        limits: redisClient(config.redisUrl, log, 'limits', { enableOfflineQueue: false }),
      }
    : undefined;
  // The per-instance caches: their changes cross to the other instances over the Redis adapter,
  // and the Redis connections tell when that peer channel goes and comes back.
  const caches = new CacheRegistry(redis ? [redis.pub, redis.sub] : []);
  const sessionCache = createSessionCache(caches);
  const sessions = createSessionAccess(db.orm, sessionCache, config);
  const io = createSocketServer({ config, log, sessions, redis, caches });
  const mailer = createMailer(config, db.orm, log);
  // Each group's tradeboard as sent.
  const boardCache = createBoardCache(caches);
  // Each user's calendar feed as sent, for a minute.
  const calendarFeeds = createFeedCache(caches);
  // The admins' Insights report, for a minute.
  const insights = createInsightsCache(caches);
  // Who has push devices, kept on each instance.
  const pushDevices = await createPushDevices(db.orm, caches, log);
  const rosterFeeds = {
    fetch: createRosterFetch({ ...config.roster, lookup: options.rosterLookup }),
    secret: createUrlSecret(db.orm),
    now: options.rosterClock ?? (() => new Date()),
  };
  const rosterRefresh = startRosterRefresh({ orm: db.orm, feeds: rosterFeeds, log }, options.rosterRefreshMs ?? 60_000);
  const limits = createRateLimits(redis?.limits, config.rateLimitOverrides);
  const push = await createPushSender(config.push, db.orm, log);
  const outbox = new NotificationOutbox({ orm: db.orm, mailer, log, config }, pushDevices.devices, {
    leaseMs: config.notificationLeaseSeconds * 1000,
  });
  const deps: Deps = {
    config,
    log,
    orm: db.orm,
    outbox,
    limits,
    hasher: createPasswordHasher(config.argon2),
    publisher: createPublisher(io),
    io,
    caches,
    sessionCache,
    sessions,
    boardCache,
    calendarFeeds,
    insights,
    events: new EventBus(log, outbox),
    push,
    pushDevices: pushDevices.devices,
    roster: rosterFeeds,
    rosterRefresh,
  };
  registerSubscribers(deps);
  // Rows a dead or stopped instance left, at once; then as commits wake it, and every two seconds.
  outbox.start();
  const readiness = createReadiness(db.orm, redis);
  // prom-client (and what it pulls in) only where metrics are served: most instances of a small
  // deployment never set METRICS_TOKEN (issue 44, the idle baseline).
  const metrics = config.metricsToken
    ? (await import('./ops/metrics.ts')).createMetrics({ orm: db.orm, io, redis, outbox: () => readOutboxStatus(deps) })
    : undefined;
  const app = createApp(deps, { readiness, metrics });
  // The server is built from the app, and engine.io attached to it takes its own path first: a
  // /socket.io/ request gets exactly one answer (Koa answering it too crashed the process).
  const handle = app.callback();
  const http = createHttpServer((req, res) => void handle(req, res));
  io.attach(http.server);
  releaseUpgradeRequests(io);
  // First on every request and upgrade, before Koa or engine.io read a header.
  const guardForwarded = forwardedHeaderGuard(config.trustProxy, config.trustedProxies);
  http.server.prependListener('request', guardForwarded);
  http.server.prependListener('upgrade', guardForwarded);
  await new Promise<void>((resolve) => http.server.listen(config.port, resolve));
  const port = (http.server.address() as AddressInfo).port;
  const purge = setInterval(() => void new SessionStore(poolEm(db.orm)).purgeExpired().catch(() => undefined), 60 * 60 * 1000);
  purge.unref();
  const stopSweep = startSessionSweep(
    io,
    (sids) => liveSessionIds(poolEm(db.orm), sids),
    log,
    options.sessionSweepMs ?? staleness.socketSessions.maxStaleMs,
    caches,
  );
  // Files a crash or a failed write left without a row: now, then hourly (server/storage/upload-sweeper.ts).
  const stopSweeper = startUploadSweeper({ orm: db.orm, config, log });
  // Standing rules' accepts an instance died before giving (docs/decisions/0045), every minute.
  const ruleSweep = startStandingRuleSweep(deps, options.ruleSweepMs ?? 60_000);
  log.info({ port }, `Crewtrade listening on http://localhost:${port}`);
  // Now, not with the next batch of lines (lib/logger.ts): process managers and tests wait for it.
  log.flush();

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    readiness,
    async close({ graceMs = 8_000, drainMs = 0 } = {}) {
      readiness.startDraining();
      http.drain();
      if (drainMs > 0) {
        log.info({ drainMs }, 'draining: not ready, still serving');
        await new Promise((resolve) => setTimeout(resolve, drainMs));
      }
      clearInterval(purge);
      pushDevices.stop();
      stopSweep();
      await rosterRefresh.stop();
      await stopRosterReader();
      await stopSweeper();
      await ruleSweep.stop();
      // After a drain, connections accepted at its end get a second to have their requests read.
      // After a drain, the listener closes in a quiet moment: closing it resets what waits in its accept queue.
      const stopped = http.stop({
        graceMs,
        upgradeGraceMs: WEBSOCKET_CLOSE_GRACE_MS,
        settleMs: drainMs > 0 ? 1_000 : 0,
        quietMs: drainMs > 0 ? 250 : 0,
      });
      // Tells every socket's transport to close (clients see "transport close" and reconnect) and
      // closes the adapter; the HTTP server is already closing, so this waits for no connection.
      await io.close();
      await stopped;
      // What the last writes set off (counts, notices, push) still reads the database: let it finish.
      await deps.events.settled();
      await deps.outbox.close();
      await mailer.close();
      if (redis) for (const c of [redis.pub, redis.sub, redis.limits]) c.disconnect();
      await db.close();
    },
  };
}
