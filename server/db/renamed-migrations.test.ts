import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { openDatabase } from './database.ts';
import { MIGRATIONS_TABLE } from './mikro-orm.config.ts';
import { RENAMED_MIGRATIONS } from './renamed-migrations.ts';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const migrationNames = () =>
  readdirSync(migrationsDir)
    .filter((f) => /^Migration\d{14}\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();

let db: TestDatabase;
let client: pg.Client;
const migrate = async () => {
  const database = await openDatabase(loadConfig({ DATABASE_URL: db.url }), createLogger('silent'));
  await database.close();
};
const recorded = async () =>
  (await client.query<{ name: string }>(`select name from ${MIGRATIONS_TABLE} order by id`)).rows.map((r) => r.name);

beforeAll(async () => {
  db = await createTestDatabase();
  client = new pg.Client({ connectionString: db.url });
  await client.connect();
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

describe('migration names', () => {
  it('are dated no later than now, so a new migration sorts after every existing one', () => {
    const now = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    for (const name of migrationNames()) expect(name.slice('Migration'.length) <= now, name).toBe(true);
  });

  it('a database that ran the migrations under their old names does not run them again', { timeout: 60_000 }, async () => {
    await migrate();
    expect(await recorded()).toEqual(migrationNames());
    // As a database migrated before the rename recorded them (with and without the extension).
    for (const [i, [from, to]] of RENAMED_MIGRATIONS.entries()) {
      await client.query(`update ${MIGRATIONS_TABLE} set name = $1 where name = $2`, [i % 2 ? `${from}.ts` : from, to]);
    }
    const before = await client.query(`select count(*)::int as n from ${MIGRATIONS_TABLE}`);

    await migrate();

    expect(await recorded()).toEqual(migrationNames());
    const after = await client.query(`select count(*)::int as n from ${MIGRATIONS_TABLE}`);
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});
