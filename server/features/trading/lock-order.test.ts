// One lock order for every write path (docs/decisions/0027): a group's matching lock first, then
// rows. The trading core refuses a group lock asked for after a row was locked or written, only it
// takes the lock, and offers and chains reach the other trading features through its public API.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../db/kysely.ts';
import { makeUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { LockOrderError } from './group-lock.ts';
import { lockGroups } from './trading-core.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const features = path.resolve(import.meta.dirname, '..');
/** Every non-test source file under server/, with its text. */
function sources(dir = path.resolve(features, '..')): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.includes('.test.')
      ? [{ file: path.relative(features, p), text: fs.readFileSync(p, 'utf8') }]
      : [];
  });
}

describe('the group lock', () => {
  it('is taken before rows: asked for after a row lock, it is refused and the transaction rolls back', async () => {
    const u = await makeUser(app);
    const em = app.server.deps.orm.em.fork();
    const attempt = em.transactional(async (tx) => {
      await sql`select id from users where id = ${u.user.id} for update`.execute(kysely(tx));
      await lockGroups(tx, ['G|LATE']);
    });
    await expect(attempt).rejects.toBeInstanceOf(LockOrderError);
  });

  it('is taken before rows: asked for after a write, it is refused', async () => {
    const u = await makeUser(app);
    const em = app.server.deps.orm.em.fork();
    const attempt = em.transactional(async (tx) => {
      await sql`update users set updated_at = now() where id = ${u.user.id}`.execute(kysely(tx));
      await lockGroups(tx, ['G|LATE']);
    });
    await expect(attempt).rejects.toBeInstanceOf(LockOrderError);
  });

  it('first, after reads and advisory locks only, is granted; rows may follow', async () => {
    const u = await makeUser(app);
    const em = app.server.deps.orm.em.fork();
    await em.transactional(async (tx) => {
      await sql`select id from users where id = ${u.user.id}`.execute(kysely(tx));
      const lock = await lockGroups(tx, ['G|B', 'G|A', null]);
      expect([lock.holds('G|A'), lock.holds('G|B')]).toEqual([true, true]);
      await sql`select id from users where id = ${u.user.id} for update`.execute(kysely(tx));
    });
  });

  it('is taken in one module only: no other source file names the matching advisory lock', () => {
    const takers = sources()
      .filter((s) => /pg_advisory_xact_lock/.test(s.text) && /matching:/.test(s.text))
      .map((s) => s.file);
    expect(takers).toEqual(['trading/group-lock.ts']);
  });

  it('offers and chains import the other trading features through the trading core only', () => {
    const otherTrading = /from '\.\.\/(requests|matches|trading|offers|chains)\/([^']+)'/g;
    const reachingIn = sources()
      .filter((s) => s.file.startsWith('offers/') || s.file.startsWith('chains/'))
      .flatMap((s) => [...s.text.matchAll(otherTrading)].map((m) => `${s.file}: ${m[1]}/${m[2]}`))
      .filter((line) => !line.endsWith('trading/trading-core.ts') && !line.includes('.fixtures.ts'));
    expect(reachingIn).toEqual([]);
  });
});
