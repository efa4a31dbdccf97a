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
import { freshGroup, postRequest } from '../offers/offers.fixtures.ts';
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

  it("is taken by a match's own changes too: Request Trade on a match and its deletion wait for the group's lock", async () => {
    const group = freshGroup();
    const [liam, maya] = [await makeUser(app, group), await makeUser(app, group)];
    const drop = await postRequest(maya, { type: 'drop' });
    const pickup = await postRequest(liam, { type: 'pickup', date: drop.date });
    const matchId = (await liam.client.get<{ id: number }[]>('/api/matches')).body[0]!.id;
    const em = app.server.deps.orm.em.fork();
    const { rows } = await sql<{ group_key: string }>`select group_key from requests where id = ${pickup.id}`.execute(kysely(em));
    const groupKey = rows[0]!.group_key;

    /** Runs `write` while another transaction holds the group's lock: not answered until it lets go. */
    const waitsForTheGroup = async (write: () => Promise<{ status: number }>) => {
      let release!: () => void;
      let held!: () => void;
      const holding = new Promise<void>((r) => (held = r));
      const holder = em.fork().transactional(async (tx) => {
        await lockGroups(tx, [groupKey]);
        held();
        await new Promise<void>((r) => (release = r));
      });
      await holding;
      let answered = false;
      const res = write().finally(() => (answered = true));
      await new Promise((r) => setTimeout(r, 300));
      const whileHeld = answered;
      release();
      await holder;
      return { whileHeld, status: (await res).status };
    };

    expect(await waitsForTheGroup(() => liam.client.put(`/api/matches/${matchId}/status`, { status: 'trade_requested' }))).toEqual({
      whileHeld: false,
      status: 200,
    });
    expect(await waitsForTheGroup(() => maya.client.delete(`/api/matches/${matchId}`))).toEqual({ whileHeld: false, status: 200 });
  });

  it('is taken in one module only: no other source file names the matching advisory lock', () => {
    const takers = sources()
      .filter((s) => /pg_advisory_xact_lock/.test(s.text) && /matching:/.test(s.text))
      .map((s) => s.file);
    expect(takers).toEqual(['trading/group-lock.ts']);
  });

  // Since issue 41 the core no longer re-exports requests' and matches' reads (it and they would
  // import each other): offers and chains take those few from the modules that own them. Every
  // other import from the trading core is trading-core.ts (eslint.config.js holds that for every
  // file outside the core).
  it('offers and chains import the other trading features through the trading core only, and of requests and matches only their shared reads', () => {
    const sharedReads: Record<string, string[]> = {
      'requests/requests.queries.ts': ['requestsById', 'RequestItemRow'],
      'requests/requests.presenter.ts': ['presentRequest'],
      'matches/matches.queries.ts': ['matchSides'],
    };
    const otherTrading = /from '\.\.\/(requests|matches|trading|offers|chains)\/([^']+)'/g;
    const named = /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s+from '\.\.\/(requests|matches|trading|offers|chains)\/([^']+)'/g;
    /** The imported names of `{ a, type B, c as d }`: a, B, c. */
    const namesOf = (list: string) => list.split(',').flatMap((n) => /^\s*(?:type\s+)?(\w+)/.exec(n)?.[1] ?? []);
    const reachingIn = sources()
      .filter((s) => s.file.startsWith('offers/') || s.file.startsWith('chains/'))
      .flatMap((s) => {
        const reads = [...s.text.matchAll(named)].filter((m) => namesOf(m[1]!).every((n) => sharedReads[`${m[2]}/${m[3]}`]?.includes(n)));
        // Every import from those features, less the shared reads (named imports of those names only).
        const all = [...s.text.matchAll(otherTrading)].map((m) => `${s.file}: ${m[1]}/${m[2]}`);
        for (const r of reads) all.splice(all.indexOf(`${s.file}: ${r[2]}/${r[3]}`), 1);
        return all;
      })
      .filter((line) => !line.endsWith('trading/trading-core.ts') && !line.includes('.fixtures.ts'));
    expect(reachingIn).toEqual([]);
  });
});
