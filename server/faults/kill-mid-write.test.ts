// kill -9 in the middle of writes: accepts of offers, the last accepts of three-way chains, direct
// messages with images and admin deletions of accounts all in flight when the process dies. After a restart on the same database:
// every write that was acknowledged is there, no trade is half done (an accepted offer has its
// trade and completed request, and nothing else does; a chain is completed with its three trades
// and three completed requests, or none of them), a deletion is whole or did not happen, and
// once the sweep has run every stored file is named by a row and every named file is stored.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, requestForm } from '../features/requests/requests.fixtures.ts';
import { TINY_PNG } from '../test/uploads.ts';
import { storedFileColumnsOf } from '../storage/file-references.ts';
import { listStoredFiles } from '../storage/file-store.ts';
import { sweepUploads } from '../storage/upload-sweeper.ts';
import { makeUser, PASSWORD, type SignedInUser } from '../test/factories.ts';
import { TestClient } from '../test/http-client.ts';
import { startMain, type Instance } from '../test/main-process.ts';
import { sql } from '../test/outbox.ts';
import { FACTORY_LIMITS, startTestApp, type TestApp } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

const PAIRS = 12;
const VICTIMS = 5;
const RINGS = 4;

let db: TestDatabase;
let uploadDir: string;
let instance: Instance | undefined;
let checker: TestApp | undefined;

const env = () => ({
  DATABASE_URL: db.url,
  UPLOAD_DIR: uploadDir,
  RATE_LIMIT_OVERRIDES: `${FACTORY_LIMITS},messages=100000,login=100000,loginAddress=100000,loginAccount=100000`,
});

beforeAll(async () => {
  db = await createTestDatabase();
  uploadDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ct-kill-'));
});
afterAll(async () => {
  if (instance && instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGKILL');
  await checker?.close();
  await db?.drop();
  await fs.rm(uploadDir, { recursive: true, force: true });
});

/** The factories need only a way to make clients of the running process. */
const appAt = (url: string) => ({ client: () => new TestClient(url) }) as unknown as TestApp;
const png = (field: string) => [{ name: 'p.png', type: 'image/png', bytes: TINY_PNG, field }];
/** Called at each acknowledged write, so the kill comes with some done and the rest in flight. */
let onAck: () => void = () => undefined;
const settle = <T extends { status: number }>(p: Promise<T>) =>
  p.then(
    (value) => {
      if (value.status < 300) onAck();
      return { ok: true as const, value };
    },
    () => ({ ok: false as const }),
  );

describe('kill -9 mid-write', () => {
  it('keeps every acknowledged write, no half-done trade or deletion, and no orphan file', { timeout: 120_000 }, async () => {
    instance = await startMain(env());
    const app = appAt(instance.url);
    const group = { base: 'KIL' };
    const owners: SignedInUser[] = [];
    const offers: { id: number; requestId: number; owner: SignedInUser; offerer: SignedInUser }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const owner = await makeUser(app, { ...group, firstName: `Own${i}` });
      const offerer = await makeUser(app, { ...group, firstName: `Off${i}` });
      const req = await owner.client.post('/api/requests', { type: 'drop', date: inDays(10 + i), routeType: 'pairing', route: `K${i}` });
      const offer = await offerer.client.post(
        '/api/trade-requests',
        requestForm(
          { toUserId: owner.user.id, requestId: req.body.id, tradeDate: req.body.date, offerRoute: `KO${i}`, requestType: 'pickup' },
          png('tradeRequestImages'),
        ),
      );
      expect(offer.status, offer.text).toBe(201);
      owners.push(owner);
      offers.push({ id: offer.body.id, requestId: req.body.id, owner, offerer });
    }
    const victims: SignedInUser[] = [];
    for (let i = 0; i < VICTIMS; i++) {
      const v = await makeUser(app, { ...group, firstName: `Vic${i}` });
      await v.client.post(
        '/api/requests',
        requestForm({ type: 'drop', date: inDays(40 + i), routeType: 'pairing', route: `V${i}` }, png('tripImages')),
      );
      victims.push(v);
    }
    // Rings of three whose first two members accepted: the third accept completes each.
    const rings: { chainId: number; last: SignedInUser }[] = [];
    for (let i = 0; i < RINGS; i++) {
      const members = await Promise.all([0, 1, 2].map((m) => makeUser(app, { base: `KR${i}`, firstName: `Ring${i}x${m}` })));
      const days = [inDays(60 + 3 * i), inDays(61 + 3 * i), inDays(62 + 3 * i)];
      for (const [m, member] of members.entries()) {
        const trade = { type: 'trade', date: days[m], desiredDates: [days[(m + 2) % 3]], routeType: 'pairing', route: `R${i}${m}` };
        expect((await member.client.post('/api/requests', trade)).status).toBe(201);
      }
      const chainId = (await members[0]!.client.get('/api/chains')).body[0].id as number;
      for (const member of members.slice(0, 2)) expect((await member.client.post(`/api/chains/${chainId}/accept`)).status).toBe(200);
      rings.push({ chainId, last: members[2]! });
    }
    const adminUser = await makeUser(app, { base: 'ADM' });
    await sql(db.url, 'update users set is_admin = true where id = $1', [adminUser.user.id]);
    const admin = new TestClient(instance.url);
    expect((await admin.post('/api/login', { email: adminUser.email, password: PASSWORD })).status).toBe(200);

    // Everything at once; the process dies once a few writes are acknowledged, the rest under way.
    let acks = 0;
    const acknowledged = new Promise<void>((resolve) => (onAck = () => ++acks >= 6 && resolve()));
    const keys = owners.map(() => randomUUID());
    const writes = {
      accepts: offers.map((o) => settle(o.owner.client.put(`/api/trade-requests/${o.id}`, { status: 'accepted' }))),
      messages: offers.map((o, i) =>
        settle(
          o.offerer.client.post(
            '/api/messages',
            requestForm({ toUserId: o.owner.user.id, content: `hello ${i}`, clientKey: keys[i] }, png('attachments')),
          ),
        ),
      ),
      deletions: victims.map((v) => settle(admin.delete(`/api/admin/users/${v.user.id}`))),
      chains: rings.map((r) => settle(r.last.client.post(`/api/chains/${r.chainId}/accept`))),
    };
    await Promise.race([acknowledged, new Promise((r) => setTimeout(r, 10_000))]);
    instance.child.kill('SIGKILL');
    await instance.exited;
    const [accepts, messages, deletions, chains] = await Promise.all([
      Promise.all(writes.accepts),
      Promise.all(writes.messages),
      Promise.all(writes.deletions),
      Promise.all(writes.chains),
    ]);

    // Started again on the same database and folder.
    instance = await startMain(env());
    const acked = (r: { ok: boolean; value?: { status: number } }) => r.ok && r.value!.status < 300;

    // Acknowledged accepts are whole: offer accepted, request completed, one trade.
    for (const [i, r] of accepts.entries()) {
      if (!acked(r)) continue;
      const [row] = await sql(
        db.url,
        `select o.status, r.status as request_status, (select count(*)::int from trades t where t.request_id = o.request_id) as trades
         from trade_requests o join requests r on r.id = o.request_id where o.id = $1`,
        [offers[i]!.id],
      );
      expect(row).toEqual({ status: 'accepted', request_status: 'completed', trades: 1 });
    }
    // Whatever was not acknowledged is all or nothing.
    const half = await sql(
      db.url,
      `select o.id from trade_requests o join requests r on r.id = o.request_id
       where (o.status = 'accepted') <> exists (select 1 from trades t where t.request_id = o.request_id)
          or (o.status = 'accepted') <> (r.status = 'completed')`,
    );
    expect(half).toEqual([]);
    // A chain is completed with its three trades and three completed requests, or has none of them;
    // an acknowledged last accept completed it.
    for (const [i, r] of chains.entries()) {
      const [row] = await sql(
        db.url,
        `select t.status, (select count(*)::int from trades x where x.chain_id = t.id) as trades,
                (select count(*)::int from trade_chain_members m join requests q on q.id = m.request_id
                 where m.chain_id = t.id and q.status = 'completed') as completed
         from trade_chains t where t.id = $1`,
        [rings[i]!.chainId],
      );
      if (acked(r)) expect(row).toEqual({ status: 'completed', trades: 3, completed: 3 });
      else
        expect([
          { status: 'completed', trades: 3, completed: 3 },
          { status: 'proposed', trades: 0, completed: 0 },
        ]).toContainEqual(row);
    }
    // Acknowledged messages are stored once, with their image.
    for (const [i, r] of messages.entries()) {
      if (!acked(r)) continue;
      const rows = await sql(
        db.url,
        'select (select count(*)::int from message_attachments a where a.message_id = m.id) as images from messages m where client_key = $1',
        [keys[i]],
      );
      expect(rows).toEqual([{ images: 1 }]);
    }
    // A deletion is whole or did not happen; an acknowledged one happened.
    for (const [i, r] of deletions.entries()) {
      const id = victims[i]!.user.id;
      const users = (await sql(db.url, 'select count(*)::int as n from users where id = $1', [id]))[0]!.n as number;
      const left = (await sql(db.url, 'select count(*)::int as n from requests where user_id = $1', [id]))[0]!.n as number;
      if (acked(r)) expect(users).toBe(0);
      expect(left).toBe(users === 0 ? 0 : 1);
    }
    const summary = {
      accepts: accepts.filter(acked).length,
      messages: messages.filter(acked).length,
      deletions: deletions.filter(acked).length,
      chains: chains.filter(acked).length,
    };
    // The kill came mid-way: some writes were acknowledged and some were not (else this proved less).
    const done = summary.accepts + summary.messages + summary.deletions + summary.chains;
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(PAIRS * 2 + VICTIMS + RINGS);

    // Files: the sweep (no grace: nothing is in flight now) leaves exactly the named files.
    instance.child.kill('SIGKILL');
    await instance.exited;
    checker = await startTestApp({ UPLOAD_DIR: uploadDir }, db.url);
    await sweepUploads({ orm: checker.server.deps.orm, config: { uploadDir }, log: checker.server.deps.log }, { graceMs: 0 });
    const named = new Set<string>();
    for (const { table, column } of storedFileColumnsOf(checker.server.deps.orm)) {
      for (const r of await sql(db.url, `select ${column} as f from ${table}`)) named.add(r.f as string);
    }
    const stored = new Set((await listStoredFiles(uploadDir)).map((f) => f.name));
    expect([...stored].filter((f) => !named.has(f))).toEqual([]);
    expect([...named].filter((f) => !stored.has(f))).toEqual([]);
  });
});
