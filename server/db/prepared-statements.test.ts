import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { markConnectionFailures } from './connection-failures.ts';
import { PREPARE_AFTER, prepareRepeatedStatements } from './prepared-statements.ts';

let db: TestDatabase;
let pool: pg.Pool;
beforeAll(async () => {
  db = await createTestDatabase();
  // One connection, so every call below runs on the one whose prepared statements are read.
  pool = new pg.Pool({ connectionString: db.url, max: 1 });
  markConnectionFailures(pool);
  prepareRepeatedStatements(pool);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

/** The statements the pool's connection has prepared, as `pg_prepared_statements` lists them. */
async function prepared(client: pg.PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements order by name', []);
  return rows.map((r) => r.statement);
}

describe('prepareRepeatedStatements', () => {
  it('prepares a data statement once it has run PREPARE_AFTER times, and answers it as before', async () => {
    const text = 'select $1::int + 1 as n';
    const client = await pool.connect();
    try {
      for (let i = 1; i < PREPARE_AFTER; i++) expect((await client.query(text, [i])).rows).toEqual([{ n: i + 1 }]);
      expect(await prepared(client)).not.toContain(text);
      for (let i = 0; i < 3; i++) expect((await client.query(text, [41])).rows).toEqual([{ n: 42 }]);
      expect(await prepared(client)).toContain(text);
    } finally {
      client.release();
    }
  });

  it('leaves transaction control unnamed, and a failing prepared statement still fails with its SQLSTATE', async () => {
    const client = await pool.connect();
    try {
      for (let i = 0; i < PREPARE_AFTER + 1; i++) {
        await client.query('begin', []);
        await client.query('commit', []);
      }
      expect((await prepared(client)).some((s) => /^(begin|commit)/i.test(s))).toBe(false);
      const failing = 'select 1 / $1::int as n';
      for (let i = 0; i < PREPARE_AFTER; i++) await client.query(failing, [1]);
      await expect(client.query(failing, [0])).rejects.toMatchObject({ code: '22012' });
      expect((await client.query(failing, [1])).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release();
    }
  });

  it('prepares again after a first preparation failed in an aborted transaction', async () => {
    const text = 'select $1::int * 2 as n';
    const client = await pool.connect();
    try {
      for (let i = 1; i < PREPARE_AFTER; i++) await client.query(text, [i]);
      await client.query('begin', []);
      await expect(client.query('select 1 / 0', [])).rejects.toMatchObject({ code: '22012' });
      // The first named run lands in the aborted transaction: its parse fails with it.
      await expect(client.query(text, [2])).rejects.toMatchObject({ code: '25P02' });
      await client.query('rollback', []);
      expect((await client.query(text, [21])).rows).toEqual([{ n: 42 }]);
      expect(await prepared(client)).toContain(text);
    } finally {
      client.release();
    }
  });
});
