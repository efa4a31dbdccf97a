// What a create's matching locks hold off (docs/decisions/0015, 0017): another create on one of its
// dates, another that names one of its desired dates as its own, and every write that takes the
// group's lock; not a create on other dates, one that only desires the same dates, nor another group.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { lockDatesForMatching } from './group-lock.ts';

let app: TestApp;
let other: pg.Client;
beforeAll(async () => {
  app = await startTestApp();
  other = new pg.Client({ connectionString: app.databaseUrl });
  await other.connect();
});
afterAll(async () => {
  await other?.end();
  await app?.close();
});

/** Whether another session could take the lock now (it gives it back at once). */
async function free(name: string, shared = false): Promise<boolean> {
  await other.query('begin');
  try {
    const fn = shared ? 'pg_try_advisory_xact_lock_shared' : 'pg_try_advisory_xact_lock';
    const { rows } = await other.query<{ ok: boolean }>(`select ${fn}(hashtextextended($1, 0)) as ok`, [name]);
    return rows[0]!.ok;
  } finally {
    await other.query('rollback');
  }
}

describe('lockDatesForMatching', () => {
  it("holds its dates exclusively, its desired dates shared, and the group's lock shared, until the transaction ends", async () => {
    const em = app.server.deps.orm.em.fork();
    const seen: Record<string, boolean> = {};
    await em.transactional(async (tx) => {
      await lockDatesForMatching(tx, 'G1', { own: ['2099-01-01', '2099-01-05'], desired: ['2099-01-02', '2099-01-05', '2099-01-02'] });
      seen.ownDate = await free('matching:G1:2099-01-01');
      seen.ownDateShared = await free('matching:G1:2099-01-01', true);
      seen.desiredDate = await free('matching:G1:2099-01-02');
      seen.desiredDateShared = await free('matching:G1:2099-01-02', true);
      // Owned and desired: held exclusively.
      seen.bothShared = await free('matching:G1:2099-01-05', true);
      seen.otherDate = await free('matching:G1:2099-01-03');
      seen.otherGroup = await free('matching:G2:2099-01-01');
      seen.groupExclusive = await free('matching:G1');
      seen.groupShared = await free('matching:G1', true);
    });
    expect(seen).toEqual({
      ownDate: false,
      ownDateShared: false,
      desiredDate: false,
      desiredDateShared: true,
      bothShared: false,
      otherDate: true,
      otherGroup: true,
      groupExclusive: false,
      groupShared: true,
    });
    // Gone with the transaction.
    expect(await free('matching:G1:2099-01-01')).toBe(true);
    expect(await free('matching:G1:2099-01-02')).toBe(true);
    expect(await free('matching:G1')).toBe(true);
  });
});
