import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The server the tests create their throwaway databases on (trust auth on the machines here). */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database per test file, so files run in parallel and share nothing: a copy of the
 * migrated template that npm test's global setup made (global-setup.ts), else empty (the app
 * migrates it as it starts). `empty` asks for an empty one regardless.
 */
export async function createTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `ct_test_${randomBytes(6).toString('hex')}`;
  const template = empty ? undefined : process.env.TEST_TEMPLATE_DATABASE;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
