// PostgreSQL restarts with mail in flight (issue 40, part 3): the mail server accepts the messages
// while the database is down, so everything the deliverer writes after the send (the sent mark, the
// email_sent activity, the retry mark) fails. Every mail must still arrive exactly once: counted by
// Message-ID at the receiving server (docs/decisions/0043).
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_SUBJECT } from '../features/auth/auth.mails.ts';
import { inDays, requestBody } from '../features/requests/requests.fixtures.ts';
import { makeUser, type SignedInUser } from '../test/factories.ts';
import { sql } from '../test/outbox.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/throwaway-services.ts';

const PAIRS = 4;
const LEASE_SECONDS = 4;

interface Received {
  to: string;
  messageId: string;
  subject: string;
}
const received: Received[] = [];
/** Messages the server has read but not yet answered with its "250". */
const held: (() => void)[] = [];
let holding = true;
let smtp: SMTPServer;
let pg: ThrowawayPostgres;
let app: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString()));
      stream.on('end', () => {
        const accept = () => {
          const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(message)?.[1]?.trim() ?? '';
          for (const rcpt of session.envelope.rcptTo)
            received.push({ to: rcpt.address, messageId: header('Message-ID'), subject: header('Subject') });
          callback();
        };
        if (holding) held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  pg = await startThrowawayPostgres();
  app = await startTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, NOTIFICATION_LEASE_SECONDS: String(LEASE_SECONDS) },
    pg.url,
    { poolMax: 3, dbTimeouts: { connectMs: 1_000, statementMs: 2_000 } },
  );
});
afterAll(async () => {
  try {
    holding = false;
    for (const accept of held.splice(0)) accept();
    await app?.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  } finally {
    await pg?.destroy();
  }
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The mails on the wire are accepted while PostgreSQL is down: the server's "250" comes, and the
 * database is back only after the deliverer's bookkeeping has met it gone. The Message-IDs released.
 */
async function restartWithMailInFlight(): Promise<string[]> {
  await expect.poll(() => held.length, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
  // The rest of the batch reaches the server too.
  await sleep(500);
  await pg.stop();
  const released: string[] = [];
  const before = received.length;
  for (const accept of held.splice(0)) accept();
  released.push(...received.slice(before).map((m) => m.messageId));
  await sleep(1_500);
  await pg.start();
  return released;
}

const unsent = async () =>
  (await sql<{ n: number }>(pg.url, 'select count(*)::int as n from notification_outbox where sent_at is null and failed_at is null'))[0]!
    .n;

describe('PostgreSQL restarts while mail is in flight', () => {
  it('delivers every mail once: no Message-ID twice after the database comes back', { timeout: 120_000 }, async () => {
    // Match mails (both users of each pair) and reset mails, piling up behind the first batch the
    // mail server holds.
    const users: SignedInUser[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const a = await makeUser(app, { base: 'MDR', firstName: `Drop${i}` });
      const b = await makeUser(app, { base: 'MDR', firstName: `Pick${i}` });
      expect((await a.client.post('/api/requests', requestBody({ date: inDays(20 + i), route: `MR${i}` }))).status).toBe(201);
      expect((await b.client.post('/api/requests', requestBody({ type: 'pickup', date: inDays(20 + i), route: 'ANY' }))).status).toBe(201);
      users.push(a, b);
    }
    for (const u of users.slice(0, 2)) expect((await app.client().post('/api/forgot-password', { email: u.email })).status).toBe(200);

    // The first batch, then what piled up behind it: each accepted while the database is down.
    const released = [...(await restartWithMailInFlight()), ...(await restartWithMailInFlight())];
    expect(released.some((id) => id.startsWith('<notification-'))).toBe(true);
    holding = false;
    for (const accept of held.splice(0)) accept();

    await expect.poll(unsent, { timeout: 30_000, interval: 250 }).toBe(0);
    // Past a lease of every row: a row that went unmarked would have been taken and sent again by now.
    await sleep(LEASE_SECONDS * 1_000 + 3_000);

    const perId = new Map<string, number>();
    for (const m of received) perId.set(m.messageId, (perId.get(m.messageId) ?? 0) + 1);
    expect([...perId].filter(([, n]) => n > 1)).toEqual([]);
    // And every mail came: one match mail to each user, one reset to each who asked.
    for (const u of users) expect(received.filter((m) => m.to === u.email && /match/i.test(m.subject))).toHaveLength(1);
    for (const u of users.slice(0, 2)) expect(received.filter((m) => m.to === u.email && m.subject === RESET_SUBJECT)).toHaveLength(1);
  });
});
