// Account mail while the mail server refuses connections (issue 40, part 2): a confirmation or a
// reset asked for then must arrive once the server is back, not be logged and dropped. A newer reset
// supersedes an older one still waiting: one mail, the newest link (docs/decisions/0043).
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/free-port.ts';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { RESET_SUBJECT, VERIFY_SUBJECT } from './auth.mails.ts';

interface Received {
  to: string;
  subject: string;
  messageId: string;
  body: string;
}
const received: Received[] = [];
let smtp: SMTPServer | undefined;
let port: number;
let app: TestApp;

beforeAll(async () => {
  // Nothing listens here until the test starts the mail server: every connection is refused.
  port = await freePort();
  app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_ORIGIN: 'http://crew.example' });
});
afterAll(async () => {
  await app?.close();
  if (smtp) await new Promise<void>((resolve) => smtp!.close(resolve));
});

async function startMailServer(): Promise<void> {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString()));
      stream.on('end', () => {
        const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(message)?.[1]?.trim() ?? '';
        for (const rcpt of session.envelope.rcptTo)
          received.push({ to: rcpt.address, subject: header('Subject'), messageId: header('Message-ID'), body: message });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
  expect((smtp.server.address() as AddressInfo).port).toBe(port);
}

const mailsTo = (to: string, subject: string) => received.filter((m) => m.to === to && m.subject === subject);
/** The token of a reset mail (quoted-printable may break the line and turn "=" into "=3D"). */
const tokenOf = (mail: Received) =>
  /reset-password\?token=3D([A-Za-z0-9_-]+)|reset-password\?token=([A-Za-z0-9_-]+)/
    .exec(mail.body.replace(/=\r?\n/g, ''))
    ?.slice(1)
    .find(Boolean);

describe('account mail asked for while the mail server refuses connections', () => {
  it(
    'is delivered once the server is back: the confirmation, the reset (whose link works), and one reset for two asks',
    { timeout: 60_000 },
    async () => {
      const ann = await makeUser(app, { profile: false, firstName: 'Ann' });
      const bob = await makeUser(app, { profile: false, firstName: 'Bob' });
      expect((await app.client().post('/api/forgot-password', { email: ann.email })).status).toBe(200);
      // Bob asks twice before anything could go out: the second ask supersedes the first.
      expect((await app.client().post('/api/forgot-password', { email: bob.email })).status).toBe(200);
      expect((await app.client().post('/api/forgot-password', { email: bob.email })).status).toBe(200);
      // Refused for a while (the first attempts fail), then the server comes back.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(received).toHaveLength(0);
      await startMailServer();

      await expect.poll(() => mailsTo(ann.email, RESET_SUBJECT).length, { timeout: 30_000, interval: 200 }).toBe(1);
      await expect.poll(() => mailsTo(bob.email, RESET_SUBJECT).length, { timeout: 30_000, interval: 200 }).toBe(1);
      await expect.poll(() => mailsTo(ann.email, VERIFY_SUBJECT).length, { timeout: 30_000, interval: 200 }).toBe(1);
      await expect.poll(() => mailsTo(bob.email, VERIFY_SUBJECT).length, { timeout: 30_000, interval: 200 }).toBe(1);

      // The links work: the hour starts when the mail goes out.
      for (const [who, password] of [
        [ann, 'AnnsNewPass1'],
        [bob, 'BobsNewPass1'],
      ] as const) {
        const token = tokenOf(mailsTo(who.email, RESET_SUBJECT)[0]!);
        expect(token).toBeTruthy();
        expect((await app.client().post('/api/reset-password', { token, newPassword: password })).status).toBe(200);
        expect((await app.client().post('/api/login', { email: who.email, password })).status).toBe(200);
        expect((await app.client().post('/api/login', { email: who.email, password: PASSWORD })).status).toBe(401);
      }

      // Nothing more comes later (Bob's first ask is done, unsent), and each mail has its own Message-ID.
      await expect
        .poll(
          async () =>
            (
              await sql(app.databaseUrl, 'select count(*)::int as n from notification_outbox where sent_at is null and failed_at is null')
            )[0]!.n,
          {
            timeout: 20_000,
          },
        )
        .toBe(0);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(mailsTo(bob.email, RESET_SUBJECT)).toHaveLength(1);
      expect(mailsTo(ann.email, RESET_SUBJECT)).toHaveLength(1);
      const ids = received.map((m) => m.messageId);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => /^<notification-\d+@/.test(id))).toBe(true);
    },
  );
});
