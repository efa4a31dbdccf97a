import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ OWNER_EMAIL: 'owner@crewtrade.test' });
});
afterAll(async () => {
  await app?.close();
});

const newcomer = (email = `new-${Math.random().toString(36).slice(2)}@example.com`) => ({
  firstName: 'Dana',
  lastName: 'Pilot',
  email,
  password: 'longenough1',
});

describe('POST /api/register', () => {
  it('creates the account, signs in and returns the current user', async () => {
    const client = app.client();
    const body = newcomer();
    const res = await client.post('/api/register', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Dana', lastName: 'Pilot', email: body.email, isAdmin: false, emailNotifications: true });
    expect(res.body).not.toHaveProperty('password');
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(body.email);
  });

  it.each([
    [{ firstName: '' }, MSG.firstNameRequired],
    [{ lastName: '  ' }, MSG.lastNameRequired],
    [{ email: 'not-an-email' }, MSG.emailInvalid],
    [{ password: 'short' }, MSG.passwordTooShort],
  ])('rejects %o with the spec message', async (override, message) => {
    const res = await app.client().post('/api/register', { ...newcomer(), ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    ['password', MSG.passwordTooCommon],
    ['12345678', MSG.passwordTooCommon],
    ['Password123', MSG.passwordTooCommon],
    ['qwertyuiop', MSG.passwordTooCommon],
    ['x'.repeat(257), MSG.passwordTooLong],
  ])('refuses the password %s with the real rule', async (password, message) => {
    const body = newcomer();
    const res = await app.client().post('/api/register', { ...body, password });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await app.client().post('/api/login', { email: body.email, password })).status).toBe(401);
  });

  it('accepts a 256-character password', async () => {
    const res = await app.client().post('/api/register', { ...newcomer(), password: 'Crew-'.repeat(51) + 'x' });
    expect(res.status).toBe(201);
  });

  it.each([
    [{ email: `${'a'.repeat(250)}@example.com` }, MSG.emailInvalid],
    [{ firstName: 'D'.repeat(101) }, MSG.firstNameTooLong],
    [{ lastName: 'P'.repeat(101) }, MSG.lastNameTooLong],
    [{ firstName: 'Da\u0007na' }, MSG.firstNameControl],
    [{ lastName: 'Pi\nlot' }, MSG.lastNameControl],
  ])('refuses %o with a clear 400, never a 500', async (override, message) => {
    const res = await app.client().post('/api/register', { ...newcomer(), ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a duplicate e-mail, case-insensitively, and keeps the first account', async () => {
    const body = newcomer(`dup-${Date.now()}@example.com`);
    expect((await app.client().post('/api/register', body)).status).toBe(201);
    const again = await app.client().post('/api/register', { ...body, email: body.email.toUpperCase(), password: 'otherpassword' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.emailTaken);
    const login = await app.client().post('/api/login', { email: body.email, password: body.password });
    expect(login.status).toBe(200);
  });

  it('gives the OWNER_EMAIL account (in any letter case) no rights before its address is confirmed', async () => {
    const res = await app.client().post('/api/register', newcomer('Owner@CrewTrade.test'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: 'owner@crewtrade.test', isAdmin: false, isProtected: false });
  });

  it('refuses a NUL byte or an over-long e-mail at sign-in with a 400', async () => {
    expect((await app.client().post('/api/login', { email: `${'a'.repeat(300)}@example.com`, password: 'x' })).status).toBe(400);
    expect((await app.client().post('/api/register', { ...newcomer(), firstName: 'Dana\u0000' })).status).toBe(400);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await app.client().request('POST', '/api/register', '{nope', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/login', () => {
  it('signs in with a new session id each time', async () => {
    const { email } = await makeUser(app);
    const client = app.client();
    const first = await client.post('/api/login', { email, password: PASSWORD });
    expect(first.status).toBe(200);
    const firstCookie = client.cookieHeader;
    const second = await client.post('/api/login', { email, password: PASSWORD });
    expect(second.status).toBe(200);
    expect(client.cookieHeader).not.toBe(firstCookie);
    // The old sid was ended by the rotation.
    const stale = app.client().setCookieHeader(firstCookie);
    expect((await stale.get('/api/auth/user')).status).toBe(401);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it.each([
    [{ email: 'bad' }, MSG.emailInvalid],
    [{ password: '' }, MSG.passwordRequired],
  ])('rejects %o with the spec message', async (override, message) => {
    const res = await app.client().post('/api/login', { email: 'x@example.com', password: 'whatever', ...override });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses a wrong password with one message for unknown and known e-mails', async () => {
    const { email } = await makeUser(app);
    const wrong = await app.client().post('/api/login', { email, password: 'WrongPass1' });
    const unknown = await app.client().post('/api/login', { email: 'nobody@example.com', password: 'WrongPass1' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(MSG.invalidCredentials);
    expect(unknown.body.message).toBe(MSG.invalidCredentials);
  });

  it('rate-limits repeated failures for one address and e-mail', async () => {
    const email = `target-${Date.now()}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await app.client().post('/api/login', { email, password: 'WrongPass1' })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const res = await app.client().post('/api/login', { email, password: 'WrongPass1' });
    expect(res.body.message).toBe(MSG.tooManyRequests);
  });
});

describe('GET /api/auth/user and POST /api/logout', () => {
  it('is 401 when signed out', async () => {
    const res = await app.client().get('/api/auth/user');
    expect(res.status).toBe(401);
  });

  it('logout ends the session and clears the cookie', async () => {
    const { client } = await makeUser(app);
    const cookie = client.cookieHeader;
    const res = await client.post('/api/logout');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.loggedOut });
    expect(res.headers.get('set-cookie')).toMatch(/expires=Thu, 01 Jan 1970/i);
    // The old cookie, kept by someone who copied it, no longer names a session.
    expect((await app.client().setCookieHeader(cookie).get('/api/auth/user')).status).toBe(401);
  });

  it('a link to GET /api/logout (another site may show one) goes to / and signs no one out (docs/decisions/0019)', async () => {
    const { client } = await makeUser(app);
    const res = await client.get('/api/logout');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('a logout posted from another site is refused, and the session stays', async () => {
    const { client } = await makeUser(app);
    const res = await client.post('/api/logout', undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('origin check', () => {
  it('refuses a state-changing request from another origin', async () => {
    const res = await app.client().post('/api/login', { email: 'a@example.com', password: 'x' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.forbiddenOrigin);
  });

  it('accepts the app origin', async () => {
    const { email } = await makeUser(app);
    const res = await app.client().post('/api/login', { email, password: PASSWORD }, { origin: app.url });
    expect(res.status).toBe(200);
  });
});

describe('GET /api/login (social)', () => {
  it('sends the browser back to /login with a clear message when OIDC is not configured', async () => {
    const res = await app.client().get('/api/login');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=social');
  });
});

describe('registration and forgot-password rate limits', () => {
  it('refuse the eleventh sign-up and the sixth reset mail from one address', async () => {
    const limited = await startTestApp({ RATE_LIMIT_OVERRIDES: '' });
    try {
      const signups: number[] = [];
      for (let i = 0; i < 11; i++) signups.push((await limited.client().post('/api/register', newcomer())).status);
      expect(signups.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(signups[10]).toBe(429);
      const resets: number[] = [];
      for (let i = 0; i < 6; i++) resets.push((await limited.client().post('/api/forgot-password', { email: 'x@example.com' })).status);
      expect(resets.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(resets[5]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
