import type { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { IoServer } from '../realtime/publisher.ts';
import type { OutboxStatus } from './outbox-status.ts';

/** Seconds: most API answers take a few milliseconds; a 503 after a frozen database takes about 11 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricSources {
  orm: MikroORM;
  io: IoServer;
  redis: { pub: Redis; sub: Redis; limits: Redis } | undefined;
  outbox(): Promise<OutboxStatus>;
}

export interface Metrics {
  registry: Registry;
  /** One answered request, by method, route pattern (never the raw path) and status. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

/**
 * The instance's Prometheus series, in a registry of its own (tests run several instances in one
 * process). Gauges are read when scraped, so they cost nothing between scrapes.
 */
export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'crewtrade_connected_sockets',
    help: 'Socket.IO clients connected to this instance',
    registers: [registry],
    collect() {
      this.set(sources.io.of('/').sockets.size);
    },
  });
  // Both outbox gauges come from one read per scrape.
  let outboxRead: Promise<OutboxStatus> | undefined;
  const outbox = () => {
    outboxRead ??= sources.outbox().finally(() => setImmediate(() => (outboxRead = undefined)));
    return outboxRead;
  };
  new Gauge({
    name: 'crewtrade_outbox_pending',
    help: 'Notifications recorded and not yet delivered',
    registers: [registry],
    async collect() {
      this.set((await outbox()).pending);
    },
  });
  new Gauge({
    name: 'crewtrade_outbox_oldest_age_seconds',
    help: 'How long the oldest undelivered notification has waited (0 when none waits)',
    registers: [registry],
    async collect() {
      this.set((await outbox()).oldestAgeSeconds);
    },
  });
  let pool: Pool | undefined;
  const poolGauge = (name: string, help: string, read: (p: Pool) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        pool ??= (await sources.orm.em.getConnection().getNativeClient()) as Pool;
        this.set(read(pool));
      },
    });
  poolGauge('crewtrade_db_pool_in_use', 'Database connections lent to a query or transaction', (p) => p.totalCount - p.idleCount);
  poolGauge('crewtrade_db_pool_idle', 'Database connections open and free', (p) => p.idleCount);
  poolGauge('crewtrade_db_pool_waiting', 'Queries waiting for a free database connection', (p) => p.waitingCount);
  new Gauge({
    name: 'crewtrade_redis_connected',
    help: 'Whether each Redis client is connected and ready (1) or not (0); absent without REDIS_URL',
    labelNames: ['client'] as const,
    registers: [registry],
    collect() {
      if (!sources.redis) return;
      for (const [client, redis] of Object.entries(sources.redis)) this.set({ client }, redis.status === 'ready' ? 1 : 0);
    },
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      duration.observe({ method, route, status: String(status) }, seconds);
    },
  };
}
