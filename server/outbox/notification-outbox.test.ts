import { outboxDeliveries } from '../subscribers.ts';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody } from '../features/requests/requests.fixtures.ts';
import type { Mailer, OutgoingMail } from '../mail/mailer.ts';
import { makeUser } from '../test/factories.ts';
import { requestContext } from '../lib/request-context.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { claimOutboxRows, insertOutboxRows, outboxBacklog } from './notification-outbox.queries.ts';
import { NotificationOutbox } from './notification-outbox.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  // This instance's own deliverer would take the rows these tests arrange.
  await app.server.deps.outbox.close();
});
afterAll(async () => {
  await app?.close();
});

const clear = () => sql(app.databaseUrl, 'delete from notification_outbox');
const fork = () => app.server.deps.orm.em.fork();

describe('notification outbox claims', () => {
  it('never gives one row to two claimers, and frees a row once its lease ends', async () => {
    await clear();
    // Claims never read the event: any will do.
    const event = { type: 'notification.changed' as const, userId: 2 };
    await insertOutboxRows(
      fork(),
      Array.from({ length: 400 }, (_, i) => ({ channel: 'push' as const, recipientId: i + 1, event })),
    );
    expect(await outboxBacklog(fork())).toMatchObject({ pending: 400 });
    // Six claimers at once, each until nothing is left.
    const claimer = async () => {
      const mine: number[] = [];
      for (;;) {
        const rows = await claimOutboxRows(fork(), 25, 60_000);
        if (rows.length === 0) return mine;
        mine.push(...rows.map((r) => r.id));
      }
    };
    const claims = await Promise.all(Array.from({ length: 6 }, claimer));
    const all = claims.flat();
    expect(all).toHaveLength(400);
    expect(new Set(all).size).toBe(400);
    expect(claims.filter((c) => c.length > 0).length).toBeGreaterThan(1);
    // Leased: nobody takes them again until the lease ends; then they come back as a second attempt.
    expect(await claimOutboxRows(fork(), 500, 60_000)).toEqual([]);
    await sql(app.databaseUrl, "update notification_outbox set claimed_until = now() - interval '1 second' where recipient_id <= 3");
    const again = await claimOutboxRows(fork(), 500, 60_000);
    expect(again.map((r) => [r.recipientId, r.attempts])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
  });
});

describe('notification outbox rows', () => {
  it('carry the asking request’s X-Request-Id as reqId beside the event, whose own fields are kept', async () => {
    await clear();
    // A trade request's id is `requestId` in events: the HTTP request's id must not take its place.
    const event = { type: 'request.deleted' as const, requestId: 42, userId: 2, groupKey: 'ATL:captain' };
    await requestContext.run({ requestId: 'trace-1234' }, () => insertOutboxRows(fork(), [{ channel: 'push', recipientId: 2, event }]));
    const [row] = await claimOutboxRows(fork(), 10, 60_000);
    expect(row?.event).toEqual({ ...event, reqId: 'trace-1234' });
    await clear();
  });
});

describe('notification outbox delivery', () => {
  it('retries a failed mail later with the same Message-ID, marks it sent once delivered, and logs it once', async () => {
    const sent: OutgoingMail[] = [];
    let fail = true;
    const mailer: Mailer = {
      send: async () => ({ delivered: true }),
      sendAll: async (mails) => (sent.push(...mails), mails.map(() => ({ delivered: !fail }))),
      close: async () => undefined,
    };
    const deps = app.server.deps;
    const outbox = new NotificationOutbox(
      { ...deps, mailer, log: pino({ level: 'silent' }) },
      { withDevices: () => [] },
      { leaseMs: 60_000 },
    ).deliverWith(outboxDeliveries(deps));
    const group = { base: 'OBR' };
    const ann = await makeUser(app, { ...group, firstName: 'Ann' });
    const bob = await makeUser(app, { ...group, firstName: 'Bob' });
    // Their sign-up confirmations are outbox rows too: not this test's.
    await clear();
    await ann.client.post('/api/requests', requestBody({ date: '2099-07-01', route: 'OUT1' }));
    await bob.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-07-01', route: 'ANY' }));
    // The match's two mails were recorded with it.
    expect((await outboxBacklog(fork())).pending).toBe(2);

    expect(await outbox.deliverBatch()).toBe(2);
    expect(sent.map((m) => m.to).sort()).toEqual([ann.email, bob.email].sort());
    const [first] = await sql(
      app.databaseUrl,
      'select min(next_attempt_at - now()) as wait, max(attempts) as attempts from notification_outbox where sent_at is null',
    );
    expect(first).toMatchObject({ attempts: 1 });
    // Not due before its backoff.
    expect(await outbox.deliverBatch()).toBe(0);

    fail = false;
    await sql(app.databaseUrl, 'update notification_outbox set next_attempt_at = now()');
    expect(await outbox.deliverBatch()).toBe(2);
    expect(sent).toHaveLength(4);
    const idsTo = (to: string) => sent.filter((m) => m.to === to).map((m) => m.messageId);
    expect(new Set(idsTo(ann.email)).size).toBe(1);
    expect(idsTo(ann.email)[0]).toMatch(/^<notification-\d+@crewtrade\.local>$/);
    expect(idsTo(ann.email)[0]).not.toBe(idsTo(bob.email)[0]);
    expect(await outboxBacklog(fork())).toEqual({ pending: 0, oldestAgeSeconds: 0 });
    const logs = await sql(
      app.databaseUrl,
      "select email_sent from user_activity_logs where activity_type = 'email_sent' and user_id = any($1::int[])",
      [[ann.user.id, bob.user.id]],
    );
    expect(logs).toEqual([{ email_sent: true }, { email_sent: true }]);
  });

  it('marks a mail sent once its server took it, though the email_sent activity write fails: a retry sends nothing twice', async () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = {
      send: async () => ({ delivered: true }),
      sendAll: async (mails) => (sent.push(...mails), mails.map(() => ({ delivered: true }))),
      close: async () => undefined,
    };
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, { write: (l: string) => void lines.push(l) });
    const outbox = new NotificationOutbox({ ...app.server.deps, mailer, log }, { withDevices: () => [] }, { leaseMs: 60_000 }).deliverWith(
      outboxDeliveries(app.server.deps),
    );
    const group = { base: 'OBL' };
    const ann = await makeUser(app, { ...group, firstName: 'Ann' });
    const bob = await makeUser(app, { ...group, firstName: 'Bob' });
    await clear();
    await ann.client.post('/api/requests', requestBody({ date: '2099-07-03', route: 'OUT3' }));
    await bob.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-07-03', route: 'ANY' }));
    expect((await outboxBacklog(fork())).pending).toBe(2);
    // The activity log refuses email_sent rows, as a database going away right after the send does.
    await sql(
      app.databaseUrl,
      `create function refuse_email_sent() returns trigger language plpgsql as $$
       begin if new.activity_type = 'email_sent' then raise exception 'activity log unavailable'; end if; return new; end $$`,
    );
    await sql(
      app.databaseUrl,
      'create trigger refuse_email_sent before insert on user_activity_logs for each row execute function refuse_email_sent()',
    );
    try {
      expect(await outbox.deliverBatch()).toBe(2);
      // Whatever the batch left unmarked is due again at once, as it would be after its backoff.
      await sql(app.databaseUrl, 'update notification_outbox set next_attempt_at = now(), claimed_until = null where sent_at is null');
      await outbox.deliverBatch();
    } finally {
      await sql(app.databaseUrl, 'drop trigger refuse_email_sent on user_activity_logs');
      await sql(app.databaseUrl, 'drop function refuse_email_sent()');
    }
    const ids = sent.map((m) => m.messageId);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(await outboxBacklog(fork())).toEqual({ pending: 0, oldestAgeSeconds: 0 });
    expect(lines.some((l) => l.includes('email_sent activity not written'))).toBe(true);
  });

  it('gives a notification up after the last attempt, with a log line and a failed activity', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => void lines.push(l) });
    const mailer: Mailer = {
      send: async () => ({ delivered: false }),
      sendAll: async (m) => m.map(() => ({ delivered: false })),
      close: async () => undefined,
    };
    const outbox = new NotificationOutbox({ ...app.server.deps, mailer, log }, { withDevices: () => [] }, { leaseMs: 60_000 }).deliverWith(
      outboxDeliveries(app.server.deps),
    );
    const group = { base: 'OBG' };
    const ann = await makeUser(app, { ...group, firstName: 'Ann' });
    const bob = await makeUser(app, { ...group, firstName: 'Bob' });
    await clear();
    await ann.client.post('/api/requests', requestBody({ date: '2099-07-02', route: 'OUT2' }));
    await bob.client.post('/api/requests', requestBody({ type: 'pickup', date: '2099-07-02', route: 'ANY' }));
    await sql(app.databaseUrl, 'update notification_outbox set attempts = 11');
    expect(await outbox.deliverBatch()).toBe(2);
    const rows = await sql(app.databaseUrl, 'select attempts, failed_at is not null as failed from notification_outbox');
    expect(rows).toEqual([
      { attempts: 12, failed: true },
      { attempts: 12, failed: true },
    ]);
    expect(lines.filter((l) => l.includes('notification given up'))).toHaveLength(2);
    expect(await outboxBacklog(fork())).toEqual({ pending: 0, oldestAgeSeconds: 0 });
    const logs = await sql(
      app.databaseUrl,
      "select email_sent from user_activity_logs where activity_type = 'email_sent' and user_id = $1",
      [ann.user.id],
    );
    expect(logs).toEqual([{ email_sent: false }]);
  });
});
