// inTransaction against a real PostgreSQL: one connection, committed or rolled back as a whole, and
// the pool whole afterwards, a connection killed mid-transaction included.
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { openDatabase, type Database } from './database.ts';
import { kysely } from './kysely.ts';
import { accountLockOpening, lockAccount } from './account-lock.ts';
import { inTransaction, lockOpening, type TransactionOpening } from './transaction.ts';

let db: TestDatabase;
let database: Database;
let admin: pg.Client;
/** The app's pool size (openDatabase's default): more failures than this would exhaust a leaking pool. */
const POOL = 10;

beforeAll(async () => {
  db = await createTestDatabase();
  database = await openDatabase(loadConfig({ DATABASE_URL: db.url }), createLogger('silent'));
  admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query('create table tx_probe (n int primary key)');
});
afterAll(async () => {
  await admin?.end();
  await database?.close();
  await db?.drop();
});

const em = () => database.orm.em.fork();
const stored = async () => (await admin.query<{ n: number }>('select n from tx_probe order by n')).rows.map((r) => r.n);
const insert = (tx: Parameters<typeof kysely>[0], n: number) => sql`insert into tx_probe (n) values (${n})`.execute(kysely(tx));
const backendPid = async (tx: Parameters<typeof kysely>[0]) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(kysely(tx))).rows[0]!.pid;

describe('inTransaction', () => {
  it('runs every query of the work on one connection in one transaction, and commits it', async () => {
    const outer = em();
    const seen = await inTransaction(outer, async (tx) => {
      expect(tx).not.toBe(outer);
      expect(tx.isInTransaction()).toBe(true);
      await insert(tx, 1);
      // Not yet visible outside: one uncommitted transaction.
      expect(await stored()).toEqual([]);
      await insert(tx, 2);
      const xids = await sql<{ xid: string }>`select txid_current()::text as xid`.execute(kysely(tx));
      return { pid: await backendPid(tx), xid: xids.rows[0]!.xid, again: await backendPid(tx) };
    });
    expect(seen.pid).toBe(seen.again);
    expect(await stored()).toEqual([1, 2]);
    // The em it was given is untouched: its own queries run outside any transaction.
    expect(outer.isInTransaction()).toBe(false);
  });

  it('rolls everything back when the work throws, and throws the work’s own error', async () => {
    await admin.query('delete from tx_probe');
    const failure = new Error('the work failed');
    await expect(
      inTransaction(em(), async (tx) => {
        await insert(tx, 3);
        throw failure;
      }),
    ).rejects.toBe(failure);
    // A statement that fails in PostgreSQL: rolled back the same way.
    await expect(
      inTransaction(em(), async (tx) => {
        await insert(tx, 4);
        await insert(tx, 4);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await stored()).toEqual([]);
  });

  it('gives every connection back: more failed transactions than the pool holds, then one that commits', async () => {
    await admin.query('delete from tx_probe');
    for (let i = 0; i < POOL + 2; i++) {
      await expect(
        inTransaction(em(), async (tx) => {
          await insert(tx, 100 + i);
          throw new Error(`failure ${i}`);
        }),
      ).rejects.toThrow(`failure ${i}`);
    }
    await inTransaction(em(), (tx) => insert(tx, 5));
    expect(await stored()).toEqual([5]);
  });

  it('a connection killed mid-transaction: the work’s error is thrown, nothing is stored, and the pool still serves', async () => {
    await admin.query('delete from tx_probe');
    for (let i = 0; i < POOL + 2; i++) {
      let workError: unknown;
      const thrown = await inTransaction(em(), async (tx) => {
        await insert(tx, 200 + i);
        await admin.query('select pg_terminate_backend($1)', [await backendPid(tx)]);
        await insert(tx, 300 + i).catch((err: unknown) => {
          workError = err;
          throw err;
        });
      }).catch((err: unknown) => err);
      // The insert's own error (the connection ended), not the failed rollback's after it.
      expect(workError).toBeInstanceOf(Error);
      expect(thrown).toBe(workError);
    }
    expect(await stored()).toEqual([]);
    await inTransaction(em(), (tx) => insert(tx, 6));
    expect(await stored()).toEqual([6]);
  });

  it('takes an opening with its BEGIN: the account lock is held from the first statement on, the same lock as lockAccount', async () => {
    await admin.query('delete from tx_probe');
    const held = (userId: number) =>
      admin
        .query<{ free: boolean }>(`select pg_try_advisory_lock(hashtextextended($1, 0)) as free`, [`account:requests:${userId}`])
        .then(async ({ rows }) => {
          if (rows[0]!.free) await admin.query(`select pg_advisory_unlock(hashtextextended($1, 0))`, [`account:requests:${userId}`]);
          return !rows[0]!.free;
        });
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = inTransaction(
      em(),
      async (tx) => {
        expect(await held(7)).toBe(true);
        expect(await held(8)).toBe(false);
        await insert(tx, 7);
        await gate;
        order.push('first commits');
      },
      accountLockOpening('requests', 7),
    );
    await new Promise((r) => setTimeout(r, 100));
    // lockAccount in another transaction waits for the opening's lock: the same key.
    const second = inTransaction(em(), async (tx) => {
      await lockAccount(tx, 'requests', 7);
      order.push('second holds the lock');
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(order).toEqual([]);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first commits', 'second holds the lock']);
    expect(await stored()).toEqual([7]);
    expect(await held(7)).toBe(false);
  });

  it('an opening that fails rolls back, and the connection goes back to the pool usable', async () => {
    await admin.query('delete from tx_probe');
    for (let i = 0; i < POOL + 2; i++) {
      // An opening no code can make (the type is branded): one that fails in PostgreSQL.
      const failing = { sql: 'select 1 / 0' } as unknown as TransactionOpening;
      await expect(inTransaction(em(), (tx) => insert(tx, 400 + i), failing)).rejects.toMatchObject({ code: '22012' });
    }
    // Every pooled connection is out of the failed transaction: each of these would fail with 25P02 otherwise.
    await Promise.all(Array.from({ length: POOL }, (_, i) => inTransaction(em(), (tx) => insert(tx, 500 + i))));
    expect((await stored()).length).toBe(POOL);
  });

  it('an account lock opening is made only of a known kind and an integer', () => {
    expect(accountLockOpening('push', 12).sql).toBe(`select pg_advisory_xact_lock(hashtextextended('account:push:12', 0))`);
    expect(() => accountLockOpening('requests', 1.5)).toThrow(TypeError);
    expect(() => accountLockOpening('requests', Number.NaN)).toThrow(TypeError);
    // A kind from outside the closed set, as an untyped caller could pass it.
    expect(() => accountLockOpening("requests', 0)); drop table users; --" as 'requests', 1)).toThrow(TypeError);
  });

  it('an opening’s key can hold no quote, and no transaction runs inside another', async () => {
    expect(lockOpening('account:push:12').sql).toBe(accountLockOpening('push', 12).sql);
    for (const key of ["account:push:1', 0)); drop table users; --", 'account', 'Account:push:1', 'account:push:1 ']) {
      expect(() => lockOpening(key)).toThrow(TypeError);
    }
    await expect(inTransaction(em(), (tx) => inTransaction(tx, async () => 1))).rejects.toThrow(/already in a transaction/);
  });
});
