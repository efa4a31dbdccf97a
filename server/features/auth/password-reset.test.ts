import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { readOutbox, resetTokenFrom, sql, waitForMail } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { RESET_SUBJECT } from './auth.mails.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ APP_ORIGIN: 'http://crew.example' });
});
afterAll(async () => {
  await app?.close();
});

async function requestReset(email: string): Promise<string> {
  const res = await app.client().post('/api/forgot-password', { email });
  expect(res.status).toBe(200);
  const token = resetTokenFrom(await waitForMail(app.databaseUrl, email, RESET_SUBJECT));
  expect(token).toBeTruthy();
  return token!;
}

describe('POST /api/forgot-password', () => {
  it('mails a reset link to /reset-password on the app origin', async () => {
    const { email } = await makeUser(app);
    await requestReset(email);
    const [mail] = await readOutbox(app.databaseUrl, email);
    expect(mail!.text).toContain('http://crew.example/reset-password?token=');
    expect(mail!.subject).toBe('Reset your Crewtrade password');
    expect(await readOutbox(app.databaseUrl, email)).toHaveLength(1);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const res = await app.client().post('/api/forgot-password', { email: 'ghost@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.forgotPasswordSent);
    expect(await readOutbox(app.databaseUrl, 'ghost@example.com')).toHaveLength(0);
  });

  it('rejects an invalid address with the spec message', async () => {
    const res = await app.client().post('/api/forgot-password', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.emailInvalid);
  });
});

describe('POST /api/reset-password', () => {
  it('sets the new password once, ends every session, and refuses the link a second time', async () => {
    const { email, client } = await makeUser(app);
    const token = await requestReset(email);
    const res = await app.client().post('/api/reset-password', { token, newPassword: 'NewPassw0rd' });
    expect(res.status).toBe(200);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await app.client().post('/api/login', { email, password: PASSWORD })).status).toBe(401);
    expect((await app.client().post('/api/login', { email, password: 'NewPassw0rd' })).status).toBe(200);
    const again = await app.client().post('/api/reset-password', { token, newPassword: 'Another1Pass' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.resetTokenInvalid);
  });

  it('refuses an expired link and keeps the old password', async () => {
    const { email } = await makeUser(app);
    const token = await requestReset(email);
    await sql(app.databaseUrl, "update password_reset_tokens set expires_at = now() - interval '1 minute'");
    const res = await app.client().post('/api/reset-password', { token, newPassword: 'NewPassw0rd' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.resetTokenInvalid);
    expect((await app.client().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('two uses of one link at once: exactly one wins', async () => {
    const { email } = await makeUser(app);
    const token = await requestReset(email);
    const results = await Promise.all(
      ['FirstPass1', 'SecondPass1'].map((newPassword) => app.client().post('/api/reset-password', { token, newPassword })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it.each([
    [{ token: '' }, MSG.resetTokenMissing],
    [{ newPassword: 'Short1' }, MSG.passwordTooShort],
    [{ newPassword: 'alllowercase1' }, MSG.passwordUppercase],
    [{ newPassword: 'ALLUPPERCASE1' }, MSG.passwordLowercase],
    [{ newPassword: 'NoNumbersHere' }, MSG.passwordNumber],
    [{ newPassword: 'Password1' }, MSG.passwordTooCommon],
    [{ newPassword: 'Qwerty123' }, MSG.passwordTooCommon],
    [{ newPassword: `Aa1${'x'.repeat(254)}` }, MSG.passwordTooLong],
  ])('rejects %o with the spec message', async (override, message) => {
    const res = await app.client().post('/api/reset-password', { token: 'sometoken', newPassword: 'GoodPass1', ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('rejects a missing token with the spec message', async () => {
    const res = await app.client().post('/api/reset-password', { newPassword: 'GoodPass1' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.resetTokenMissing);
  });
});

/** A POST with a Host header of our choosing (fetch always sends the real one). */
function postWithHost(url: string, path: string, body: unknown, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, url), { method: 'POST', headers: { host, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

describe('links in mail never come from the request', () => {
  let dev: TestApp;
  beforeAll(async () => {
    // No APP_ORIGIN (development), behind a trusted proxy: the request's host is the caller's to write.
    dev = await startTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('ignores a forged X-Forwarded-Host: the link is on localhost at the server port', async () => {
    const { email } = await makeUser(dev);
    const res = await dev.client().post('/api/forgot-password', { email }, { 'x-forwarded-host': 'evil.example' });
    expect(res.status).toBe(200);
    const mail = await waitForMail(dev.databaseUrl, email, RESET_SUBJECT);
    expect(mail.text).toContain(`http://localhost:${dev.server.port}/reset-password?token=`);
    expect(mail.text! + mail.html).not.toContain('evil');
  });

  it('ignores a forged Host', async () => {
    const { email } = await makeUser(dev);
    expect(await postWithHost(dev.url, '/api/forgot-password', { email }, 'evil.example')).toBe(200);
    const mail = await waitForMail(dev.databaseUrl, email, RESET_SUBJECT);
    expect(mail.text).toContain(`http://localhost:${dev.server.port}/reset-password?token=`);
    expect(mail.text! + mail.html).not.toContain('evil');
  });
});
