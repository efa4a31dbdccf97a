import type { MikroORM } from '@mikro-orm/postgresql';
import type { Redis } from 'ioredis';
import { sql } from 'kysely';
import { kysely } from '../db/kysely.ts';
import { poolEm } from '../db/pool-em.ts';

/** A database that has not answered `select 1` by then counts as down (a frozen server answers nothing). */
const DATABASE_CHECK_MS = 1_500;

export type CheckState = 'ok' | 'down' | 'not configured';

export interface ReadinessReport {
  ready: boolean;
  /** What is not ready, by name: "database", "redis", "draining". */
  notReady: string[];
  checks: { database: CheckState; redis: CheckState; shutdown: 'running' | 'draining' };
}

export interface Readiness {
  /** From SIGTERM on: the load balancer is to send this instance nothing new. */
  startDraining(): void;
  readonly draining: boolean;
  check(): Promise<ReadinessReport>;
}

/**
 * Whether this instance should be sent traffic: PostgreSQL answers, Redis (when configured) is
 * connected for the Socket.IO adapter, and it is not shutting down. Liveness (/healthz) asks none
 * of this: a database outage must not get every instance restarted.
 */
export function createReadiness(orm: MikroORM, redis: { pub: Redis; sub: Redis } | undefined): Readiness {
  let draining = false;
  // One database check at a time: probes during a freeze share it instead of each holding a connection.
  let pending: Promise<boolean> | undefined;
  const databaseAnswers = () => {
    pending ??= new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
      sql`select 1`
        .execute(kysely(poolEm(orm)))
        .then(
          () => resolve(true),
          () => resolve(false),
        )
        .finally(() => clearTimeout(timer));
    }).finally(() => (pending = undefined));
    return pending;
  };
  return {
    startDraining: () => void (draining = true),
    get draining() {
      return draining;
    },
    async check() {
      const database: CheckState = (await databaseAnswers()) ? 'ok' : 'down';
      const redisState: CheckState = !redis
        ? 'not configured'
        : redis.pub.status === 'ready' && redis.sub.status === 'ready'
          ? 'ok'
          : 'down';
      const notReady = [
        ...(database === 'ok' ? [] : ['database']),
        ...(redisState === 'down' ? ['redis'] : []),
        ...(draining ? ['draining'] : []),
      ];
      return {
        ready: notReady.length === 0,
        notReady,
        checks: { database, redis: redisState, shutdown: draining ? 'draining' : 'running' },
      };
    },
  };
}
