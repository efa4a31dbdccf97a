import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { markConnectionFailures } from './connection-failures.ts';
import { entities } from './entities/index.ts';
import { prepareRepeatedStatements } from './prepared-statements.ts';
import { MIGRATIONS_DIR } from '../runtime-paths.ts';

/** Where MikroORM records the migrations a database has run. */
export const MIGRATIONS_TABLE = 'mikro_orm_migrations';

/** One place that builds the ORM options, for the app, the tests and the CLI. */
export function ormOptions(clientUrl: string, poolMax = 10) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      path: MIGRATIONS_DIR,
      glob: '!(*.d).{js,ts}',
      transactional: true,
      snapshot: false,
      tableName: MIGRATIONS_TABLE,
      // Start-up logs its own line; the migrator's console output would bypass the log level.
      silent: true,
    },
    pool: { min: 0, max: poolMax },
    debug: false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
  });
}

export interface DatabaseTimeouts {
  /** Connecting, and waiting for a free pooled connection. */
  connectMs: number;
  /** One statement. */
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 10_000 };

/**
 * `pg` pool options for the app's connections, passed through MikroORM's driverOptions. A database
 * that is down or hangs then fails a request in bounded time (answered 503) instead of holding it.
 * Not for migrations, which may run long.
 */
export function appDriverOptions(t: DatabaseTimeouts) {
  return {
    connectionTimeoutMillis: t.connectMs,
    // The server cancels the statement (SQLSTATE 57014)...
    statement_timeout: t.statementMs,
    // ...unless it is frozen and answers nothing: then the client gives up a little later.
    query_timeout: t.statementMs + 1_000,
    onPoolCreated(pool: Pool) {
      // So that the failures of a hung or vanished server reach the HTTP layer with a code.
      markConnectionFailures(pool);
      // Hot statements parse and plan once per connection.
      prepareRepeatedStatements(pool);
    },
  };
}

// The CLI (npx mikro-orm migration:create) reads this default export.
export default ormOptions(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/crewtrade_dev');
