import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { ormOptions } from './mikro-orm.config.ts';
import { seedEmailTemplates } from './templates-seed.ts';

/** An arbitrary, fixed key for the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK = 7_310_442;

export interface Database {
  orm: MikroORM;
  close(): Promise<void>;
}

/** Connects (starting the embedded server when no DATABASE_URL is set), migrates and seeds. */
export async function openDatabase(config: Config, log: Logger, poolMax = 10): Promise<Database> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  const orm = await MikroORM.init(ormOptions(url, poolMax));
  // Instances starting together take turns: the migrator has no lock of its own.
  await orm.em.fork().transactional(async (em) => {
    await em.execute('select pg_advisory_xact_lock(?)', [MIGRATION_LOCK]);
    await orm.migrator.up();
    await seedEmailTemplates(em);
  });
  return {
    orm,
    async close() {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}
