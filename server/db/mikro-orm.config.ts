import { Migrator } from '@mikro-orm/migrations';
import { defineConfig } from '@mikro-orm/postgresql';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { entities } from './entities/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** One place that builds the ORM options, for the app, the tests and the CLI. */
export function ormOptions(clientUrl: string, poolMax = 10) {
  return defineConfig({
    clientUrl,
    entities,
    extensions: [Migrator],
    migrations: {
      path: path.join(here, 'migrations'),
      glob: '!(*.d).{js,ts}',
      transactional: true,
      snapshot: false,
      tableName: 'mikro_orm_migrations',
      // Start-up logs its own line; the migrator's console output would bypass the log level.
      silent: true,
    },
    pool: { min: 0, max: poolMax },
    debug: false,
    allowGlobalContext: false,
    forceUtcTimezone: true,
  });
}

// The CLI (npx mikro-orm migration:create) reads this default export.
export default ormOptions(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/crewtrade_dev');
