import { Redis } from 'ioredis';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { Deps } from './deps.ts';
import { createPasswordHasher } from './features/auth/password.ts';
import { SessionCache } from './features/auth/session-cache.ts';
import { SessionStore } from './features/auth/session.store.ts';
import { createBoardCache } from './features/board/board-cache.ts';
import { createRateLimits } from './http/rate-limit.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { createMailer } from './mail/mailer.ts';
import { createPublisher } from './realtime/publisher.ts';
import { createSocketServer } from './realtime/socket-server.ts';
import { syncOwnerAdmin } from './features/users/owner.ts';
import { startUploadSweeper } from './storage/upload-sweeper.ts';

export interface RunningServer {
  url: string;
  port: number;
  deps: Deps;
  close(): Promise<void>;
}

function redisClient(url: string, log: Logger, role: string): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 2, lazyConnect: false });
  // Without a handler an outage floods the log with unhandled 'error' events.
  client.on('error', (err) => log.warn({ err: err.message, role }, 'redis error'));
  return client;
}

/** Builds and starts one instance: database, mail, sockets, HTTP. Used by main.ts, tests and the bench. */
export async function startServer(config: Config, options: { log?: Logger; poolMax?: number } = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  await fs.mkdir(config.uploadDir, { recursive: true });
  const db = await openDatabase(config, log, options.poolMax);
  // The owner is an admin once its address is proven, even if the account existed before OWNER_EMAIL named it.
  if (config.ownerEmail) await syncOwnerAdmin(db.orm.em.fork(), config.ownerEmail);
  const redis = config.redisUrl
    ? {
        pub: redisClient(config.redisUrl, log, 'pub'),
        sub: redisClient(config.redisUrl, log, 'sub'),
        limits: redisClient(config.redisUrl, log, 'limits'),
      }
    : undefined;
  const httpServer = http.createServer();
  const sessionCache = new SessionCache();
  const io = createSocketServer(httpServer, { config, log, orm: db.orm, redis, sessionCache });
  const mailer = createMailer(config, db.orm, log);
  // Each group's tradeboard as sent; changes reach the other instances' copies over the Redis adapter.
  const boardCache = createBoardCache(redis ? io : undefined);
  const deps: Deps = {
    config,
    log,
    orm: db.orm,
    mailer,
    limits: createRateLimits(redis?.limits, config.rateLimitOverrides),
    hasher: createPasswordHasher(config.argon2),
    publisher: createPublisher(io),
    io,
    sessionCache,
    boardCache,
  };
  const app = createApp(deps);
  httpServer.on('request', app.callback());
  await new Promise<void>((resolve) => httpServer.listen(config.port, resolve));
  const port = (httpServer.address() as AddressInfo).port;
  const purge = setInterval(() => void new SessionStore(db.orm.em.fork()).purgeExpired().catch(() => undefined), 60 * 60 * 1000);
  purge.unref();
  // Files a crash or a failed write left without a row: now, then hourly (server/storage/upload-sweeper.ts).
  const stopSweeper = startUploadSweeper({ orm: db.orm, config, log });
  log.info({ port }, `Crewtrade listening on http://localhost:${port}`);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    deps,
    async close() {
      clearInterval(purge);
      await stopSweeper();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      mailer.close();
      if (redis) for (const c of [redis.pub, redis.sub, redis.limits]) c.disconnect();
      await db.close();
    },
  };
}
