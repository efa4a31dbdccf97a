// What a create's matching locks hold off (docs/decisions/0015): another create on one of its dates
// and every write that takes the group's lock; not a create on other dates, nor another group.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { lockDatesForMatching } from './matching.queries.ts';

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
  it("holds its dates and the group's lock (shared) until the transaction ends", async () => {
    const em = app.server.deps.orm.em.fork();
    const seen: Record<string, boolean> = {};
    await em.transactional(async (tx) => {
      await lockDatesForMatching(tx, 'G1', ['2099-01-02', '2099-01-01', '2099-01-02']);
      seen.sameDate = await free('matching:G1:2099-01-01');
      seen.otherDesired = await free('matching:G1:2099-01-02');
      seen.otherDate = await free('matching:G1:2099-01-03');
      seen.otherGroup = await free('matching:G2:2099-01-01');
      seen.groupExclusive = await free('matching:G1');
      seen.groupShared = await free('matching:G1', true);
    });
    expect(seen).toEqual({
      sameDate: false,
      otherDesired: false,
      otherDate: true,
      otherGroup: true,
      groupExclusive: false,
      groupShared: true,
    });
    // Gone with the transaction.
    expect(await free('matching:G1:2099-01-01')).toBe(true);
    expect(await free('matching:G1')).toBe(true);
  });
});
