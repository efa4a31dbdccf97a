// The shared EntityManager (poolEm) is safe because nothing in the server uses MikroORM's unit of
// work: eslint.config.js refuses its calls on an EntityManager in server code (docs/decisions/0048).
// Small sources linted in memory as files of the tree, with the project's own config; and the
// shared EntityManager itself on a real database.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLogger } from '../lib/logger.ts';
import { inDays, requestBody } from '../features/requests/requests.fixtures.ts';
import { makeUser } from '../test/factories.ts';
import { lintMessages } from '../test/lint-fixture.ts';
import { startTestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { openDatabase, type Database } from './database.ts';
import { kysely } from './kysely.ts';
import { poolEm } from './pool-em.ts';
import { inTransaction } from './transaction.ts';

const says = (file: string, source: string) => lintMessages(file, source, 'no-restricted-syntax');
const refused = expect.stringContaining("MikroORM's unit of work is not used");
const header = `import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';\n`;

describe('the unit of work stays unused in server code', () => {
  it('refuses persist, flush, find, a transaction or a fork of MikroORM’s, on em, tx or x.em', async () => {
    const source =
      header +
      `export async function f(em: EntityManager, tx: EntityManager, orm: MikroORM, deps: { orm: MikroORM }) {
  em.persist({});
  await tx.flush();
  await em.findOne('User', 1);
  await em.transactional(async () => undefined);
  orm.em.fork();
  deps.orm.em.fork();
}\n`;
    expect(await says('server/features/requests/uow-fixture.ts', source)).toEqual([refused, refused, refused, refused, refused, refused]);
  });

  it('lets Kysely through, and a find on anything that is not an EntityManager', async () => {
    const source = header + `export const f = (em: EntityManager, list: number[]) => [em.getKysely(), list.find((n) => n > 1)];\n`;
    expect(await says('server/features/requests/uow-fixture.ts', source)).toEqual([]);
  });

  it('leaves tests and the two files that fork (the pool’s EntityManager, a transaction’s) alone', async () => {
    const source = header + `export const f = (orm: MikroORM) => orm.em.fork();\n`;
    expect(await says('server/features/requests/uow-fixture.test.ts', source)).toEqual([]);
    expect(await says('server/db/pool-em.ts', source)).toEqual([]);
  });
});

describe('poolEm', () => {
  let db: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
    database = await openDatabase(loadConfig({ DATABASE_URL: db.url }), createLogger('silent'));
  });
  afterAll(async () => {
    await database?.close();
    await db?.drop();
  });

  it('is one EntityManager per ORM, on the pool, never in a transaction, even while one runs beside it', async () => {
    const em = poolEm(database.orm);
    expect(poolEm(database.orm)).toBe(em);
    const pid = async (e: typeof em) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(kysely(e))).rows[0]!.pid;
    await inTransaction(em, async (tx) => {
      expect(em.isInTransaction()).toBe(false);
      const inside = await pid(tx);
      // A read on the shared EntityManager meanwhile takes another pooled connection, outside the transaction.
      const outside = await sql<{ open: boolean }>`select now() = statement_timestamp() as open`.execute(kysely(em));
      expect(outside.rows[0]!.open).toBe(true);
      expect(await pid(em)).not.toBe(inside);
    });
  });
});

describe('requests on the shared EntityManager', () => {
  it('fork nothing to read, from the session cache or the database, and a write forks once, for its transaction', async () => {
    const app = await startTestApp();
    try {
      const me = await makeUser(app);
      expect((await me.client.get('/api/auth/user')).status).toBe(200);
      await app.server.deps.events.settled();
      const { orm } = app.server.deps;
      const forkOfOrm = vi.spyOn(orm.em, 'fork');
      const forkOfPool = vi.spyOn(poolEm(orm), 'fork');
      expect((await me.client.get('/api/auth/user')).status).toBe(200);
      expect((await me.client.get('/api/requests')).status).toBe(200);
      expect(forkOfPool).not.toHaveBeenCalled();
      expect((await me.client.post('/api/requests', requestBody({ type: 'drop', date: inDays(20) }))).status).toBe(201);
      await app.server.deps.events.settled();
      expect(forkOfPool).toHaveBeenCalledTimes(1);
      expect(forkOfOrm).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      await app.close();
    }
  });
});
