import { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../config.ts';
import type { Logger } from '../lib/logger.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { ormOptions } from './mikro-orm.config.ts';
import { seedEmailTemplates } from './templates-seed.ts';

export interface Database {
  orm: MikroORM;
  close(): Promise<void>;
}

/** Connects (starting the embedded server when no DATABASE_URL is set), migrates and seeds. */
export async function openDatabase(config: Config, log: Logger, poolMax = 10): Promise<Database> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  const orm = await MikroORM.init(ormOptions(url, poolMax));
  await orm.migrator.up();
  await seedEmailTemplates(orm.em.fork());
  return {
    orm,
    async close() {
      await orm.close(true);
      await embedded?.stop();
    },
  };
}
