// kill -9 with notification mail queued: the SMTP server is slow, so the mails of the matches just
// committed are still waiting or on the wire when the process dies. Every committed match's two
// mails must arrive once, delivered after a restart, or by another instance while the dead one
// stays dead (docs/decisions/0026).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays, requestBody } from '../features/requests/requests.fixtures.ts';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { TestClient } from '../test/http-client.ts';
import { startMain, type Instance } from '../test/main-process.ts';
import { sql } from '../test/outbox.ts';
import type { TestApp } from '../test/test-app.ts';
import { FACTORY_LIMITS } from '../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';

const PAIRS = 16;
const SMTP_DELAY_MS = 1_000;

interface Received {
  to: string;
  messageId: string;
  subject: string;
}
const received: Received[] = [];
let smtp: SMTPServer;
let smtpUrl: string;
const instances: Instance[] = [];
const databases: TestDatabase[] = [];

beforeAll(async () => {
  // A mail server that takes its time accepting each message: mails queue behind it.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString()));
      stream.on('end', () =>
        setTimeout(() => {
          const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(message)?.[1]?.trim() ?? '';
          for (const rcpt of session.envelope.rcptTo)
            received.push({ to: rcpt.address, messageId: header('Message-ID'), subject: header('Subject') });
          callback();
        }, SMTP_DELAY_MS),
      );
    },
  });
  // The killed process's connections reset under it: expected here.
  smtp.on('error', () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const i of instances) if (i.child.exitCode === null && i.child.signalCode === null) i.child.kill('SIGKILL');
  await Promise.all(instances.map((i) => i.exited));
  await new Promise<void>((resolve) => smtp.close(resolve));
  for (const db of databases) await db.drop();
});

const env = (db: TestDatabase) => ({
  DATABASE_URL: db.url,
  SMTP_URL: smtpUrl,
  // A claim of the dead instance is free again after this.
  NOTIFICATION_LEASE_SECONDS: '2',
  RATE_LIMIT_OVERRIDES: `${FACTORY_LIMITS},login=100000,loginAddress=100000,loginAccount=100000`,
});
const start = async (db: TestDatabase) => {
  const instance = await startMain(env(db));
  instances.push(instance);
  return instance;
};
/** The factories need only a way to make clients of the running process. */
const appAt = (url: string) => ({ client: () => new TestClient(url) }) as unknown as TestApp;

/**
 * Pairs whose second request matches the first, streamed; the process dies once half the matches
 * are acknowledged, with their mails queued behind the slow mail server and the rest in flight.
 */
async function streamMatchesAndKill(victim: Instance, base: string): Promise<SignedInUser[]> {
  const app = appAt(victim.url);
  const pairs: [SignedInUser, SignedInUser][] = [];
  for (let i = 0; i < PAIRS; i++) {
    const a = await makeUser(app, { base, firstName: `Drop${i}` });
    const b = await makeUser(app, { base, firstName: `Pick${i}` });
    expect((await a.client.post('/api/requests', requestBody({ date: inDays(20 + i), route: `OB${i}` }))).status).toBe(201);
    pairs.push([a, b]);
  }
  let acks = 0;
  let onHalf!: () => void;
  const half = new Promise<void>((resolve) => (onHalf = resolve));
  const writes = pairs.map(async ([, b], i) => {
    await new Promise((r) => setTimeout(r, i * 15));
    const res = await b.client
      .post('/api/requests', requestBody({ type: 'pickup', date: inDays(20 + i), route: 'ANY' }))
      .catch(() => undefined);
    if (res && res.status < 300 && ++acks >= PAIRS / 2) onHalf();
  });
  await Promise.race([half, new Promise((r) => setTimeout(r, 10_000))]);
  victim.child.kill('SIGKILL');
  await victim.exited;
  await Promise.all(writes);
  return pairs.flat();
}

/** The users of every committed match among `users`: each must get exactly one match mail. */
async function matchedEmails(db: TestDatabase, users: readonly SignedInUser[]): Promise<string[]> {
  const rows = await sql<{ email: string }>(
    db.url,
    `select u.email from matches m join requests r on r.id in (m.request_id, m.matched_request_id) join users u on u.id = r.user_id
     where u.id = any($1::int[])`,
    [users.map((u) => u.user.id)],
  );
  return rows.map((r) => r.email).sort();
}

/**
 * Match mails received per recipient among `emails`, as their distinct Message-IDs. A resend after
 * a lost acknowledgement (the process died between the server's "250" and the row's mark) carries
 * the same Message-ID: the receiving side sees one message.
 */
function matchMailsTo(emails: readonly string[]) {
  const mine = received.filter((m) => emails.includes(m.to) && /match/i.test(m.subject));
  return emails.map((to) => ({ to, messages: new Set(mine.filter((m) => m.to === to).map((m) => m.messageId)).size }));
}

async function expectEachMailOnce(db: TestDatabase, users: readonly SignedInUser[]) {
  const emails = await matchedEmails(db, users);
  // Some matches committed before the kill (else this proves little).
  expect(emails.length).toBeGreaterThanOrEqual(PAIRS);
  const once = emails.map((to) => ({ to, messages: 1 }));
  await expect.poll(() => matchMailsTo(emails), { timeout: 30_000, interval: 250 }).toEqual(once);
  // And no late second message: the outbox is empty of undelivered rows, nothing more arrives.
  await expect
    .poll(async () => (await sql(db.url, 'select count(*)::int as n from notification_outbox where sent_at is null'))[0]!.n, {
      timeout: 10_000,
    })
    .toBe(0);
  await new Promise((r) => setTimeout(r, SMTP_DELAY_MS * 2));
  expect(matchMailsTo(emails)).toEqual(once);
  const resent = received.filter((m) => emails.includes(m.to) && /match/i.test(m.subject)).length - emails.length;
  // A message the killed process had fully written, whose "250" it never read (the slow server held
  // it for a second), is sent again by the deliverer that takes the row: same Message-ID, one message.
  if (resent > 0) console.info(`outbox-kill: ${resent} resend(s) with the same Message-ID`);
}

describe('kill -9 with notification mail queued', () => {
  it("delivers every committed match's two mails once after a restart", { timeout: 180_000 }, async () => {
    const db = await createTestDatabase();
    databases.push(db);
    const users = await streamMatchesAndKill(await start(db), 'OBK');
    await start(db);
    await expectEachMailOnce(db, users);
  });

  it('has another instance deliver them while the killed one stays down', { timeout: 180_000 }, async () => {
    const db = await createTestDatabase();
    databases.push(db);
    const victim = await start(db);
    await start(db);
    const users = await streamMatchesAndKill(victim, 'OBT');
    await expectEachMailOnce(db, users);
  });
});
