import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { RESET_SUBJECT } from './auth.mails.ts';

const SMTP_DELAY_MS = 1500;
const received: string[] = [];
let smtp: SMTPServer;
let app: TestApp;

beforeAll(async () => {
  // A mail server that takes its time accepting each message, as a remote one under load does.
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let message = '';
      stream.on('data', (chunk: Buffer) => (message += chunk.toString()));
      stream.on('end', () =>
        setTimeout(() => {
          received.push(message);
          callback();
        }, SMTP_DELAY_MS),
      );
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, APP_ORIGIN: 'http://crew.example' });
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

async function timed(email: string): Promise<number> {
  const started = performance.now();
  const res = await app.client().post('/api/forgot-password', { email });
  expect(res.status).toBe(200);
  return performance.now() - started;
}

describe('forgot-password does not tell a known address by its timing', () => {
  it('answers a known address as fast as an unknown one while the mail server is slow, and the mail still goes out', async () => {
    const { email } = await makeUser(app, { profile: false });
    const known = Math.min(await timed(email), await timed(email));
    const unknown = Math.min(await timed('nobody-here@example.com'), await timed('nobody-there@example.com'));
    // Awaiting the send would put the whole SMTP delay into the known address's answer.
    expect(known).toBeLessThan(SMTP_DELAY_MS / 3);
    expect(Math.abs(known - unknown)).toBeLessThan(SMTP_DELAY_MS / 3);
    // Two asks: two mails, or one when the second came while the first still waited behind the slow
    // server (a newer ask supersedes a waiting one, docs/decisions/0043).
    await expect
      .poll(() => received.filter((m) => m.includes(`Subject: ${RESET_SUBJECT}`) && m.includes(email)).length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(1);
  });
});
