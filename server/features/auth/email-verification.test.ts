import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import type { TestClient } from '../../test/http-client.ts';
import { resetTokenFrom, sql, verifyLinkFrom, waitForMail } from '../../test/outbox.ts';
import { connectSocket } from '../../test/socket-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { RESET_SUBJECT, VERIFY_SUBJECT } from './auth.mails.ts';

const OWNER = 'owner@crewtrade.test';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ OWNER_EMAIL: OWNER, APP_ORIGIN: 'http://crew.example' });
});
afterAll(async () => {
  await app?.close();
});

const signUp = (client: TestClient, email: string, password = PASSWORD) =>
  client.post('/api/register', { firstName: 'Olive', lastName: 'Owner', email, password });

/** The path of the confirmation link mailed to email (the link itself is on APP_ORIGIN). */
async function confirmationPath(email: string): Promise<string> {
  const link = verifyLinkFrom(await waitForMail(app.databaseUrl, email, VERIFY_SUBJECT));
  expect(link).toMatch(/^http:\/\/crew\.example\/api\/verify-email\?token=/);
  const url = new URL(link!);
  return url.pathname + url.search;
}

const adminSockets = async () => (await app.server.deps.io.in('admins').fetchSockets()).length;

describe('e-mail confirmation and the protected owner', () => {
  it('the OWNER_EMAIL account has no admin rights until its address is confirmed, then it has them', async () => {
    const owner = app.client();
    const res = await signUp(owner, 'Owner@CrewTrade.test');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: OWNER, isAdmin: false, isProtected: false });
    const socket = await connectSocket(app.url, owner.cookieHeader);
    expect(await adminSockets()).toBe(0);
    socket.close();

    const confirm = await owner.get(await confirmationPath(OWNER));
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get('location')).toBe('/');
    expect((await owner.get('/api/auth/user')).body).toMatchObject({ isAdmin: true, isProtected: true });
    const again = await connectSocket(app.url, owner.cookieHeader);
    expect(await adminSockets()).toBe(1);
    again.close();
    // Stored too, for code that reads the flag.
    expect((await sql(app.databaseUrl, 'select is_admin, email_verified from users where email = $1', [OWNER]))[0]).toEqual({
      is_admin: true,
      email_verified: true,
    });
  });
});

describe('the confirmation link', () => {
  it('opened signed out, waits for the sign-in in that browser and confirms then', async () => {
    const { email } = await makeUser(app, { profile: false });
    const phone = app.client();
    const opened = await phone.get(await confirmationPath(email));
    expect(opened.headers.get('location')).toBe('/login?error=verify');
    expect((await sql(app.databaseUrl, 'select email_verified from users where email = $1', [email]))[0]!.email_verified).toBe(false);
    expect((await phone.post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    expect((await sql(app.databaseUrl, 'select email_verified from users where email = $1', [email]))[0]!.email_verified).toBe(true);
  });

  it('does nothing for another signed-in account, nor for a bad or spent token', async () => {
    const { email } = await makeUser(app, { profile: false });
    const path = await confirmationPath(email);
    const stranger = await makeUser(app, { profile: false });
    expect((await stranger.client.get(path)).headers.get('location')).toBe('/login?error=verify');
    // The stranger signing in again still confirms nothing: the token is not theirs.
    expect((await stranger.client.post('/api/login', { email: stranger.email, password: PASSWORD })).status).toBe(200);
    const rows = await sql(app.databaseUrl, 'select email, email_verified from users where email = any($1) order by email', [
      [email, stranger.email],
    ]);
    expect(rows.every((r) => r.email_verified === false)).toBe(true);

    expect((await app.client().get('/api/verify-email?token=not-a-token')).headers.get('location')).toBe('/login?error=verify-failed');
    expect((await app.client().get('/api/verify-email')).headers.get('location')).toBe('/login?error=verify-failed');
  });
});

describe('someone else signed up with the owner address first', () => {
  it('never holds admin rights; the real owner takes the account back with a password reset', async () => {
    const email = 'boss@crewtrade.test';
    const boss = await startTestApp({ OWNER_EMAIL: email, APP_ORIGIN: 'http://crew.example' });
    try {
      const squatter = boss.client();
      const signup = await signUp(squatter, email, 'Squatter-Pass-1');
      expect(signup.body).toMatchObject({ isAdmin: false, isProtected: false });
      // The real owner can't sign up (the address is taken) but can reset the password by mail.
      expect((await signUp(boss.client(), email)).status).toBe(409);
      expect((await boss.client().post('/api/forgot-password', { email })).status).toBe(200);
      const token = resetTokenFrom(await waitForMail(boss.databaseUrl, email, RESET_SUBJECT));
      expect((await boss.client().post('/api/reset-password', { token, newPassword: 'Real-Owner-2' })).status).toBe(200);

      expect((await squatter.get('/api/auth/user')).status).toBe(401);
      expect((await boss.client().post('/api/login', { email, password: 'Squatter-Pass-1' })).status).toBe(401);
      const owner = await boss.client().post('/api/login', { email, password: 'Real-Owner-2' });
      expect(owner.status).toBe(200);
      expect(owner.body).toMatchObject({ isAdmin: true, isProtected: true });
    } finally {
      await boss.close();
    }
  });

  it('an older version made the unverified account admin: start-up takes the flag back', async () => {
    const email = 'chief@crewtrade.test';
    const first = await startTestApp({ OWNER_EMAIL: email });
    const squatter = first.client();
    await signUp(squatter, email);
    await sql(first.databaseUrl, 'update users set is_admin = true where email = $1', [email]);
    // The same database, started again (as after an upgrade).
    const second = await startTestApp({ OWNER_EMAIL: email }, first.databaseUrl);
    try {
      expect((await sql(first.databaseUrl, 'select is_admin from users where email = $1', [email]))[0]!.is_admin).toBe(false);
      const me = await second.client().setCookieHeader(squatter.cookieHeader).get('/api/auth/user');
      expect(me.body).toMatchObject({ isAdmin: false, isProtected: false });
    } finally {
      await second.close();
      await first.close();
    }
  });
});
