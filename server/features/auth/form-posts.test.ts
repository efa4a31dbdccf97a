// The sign-in and sign-up forms posted as plain forms (before their page's script ran, or with
// scripts off): the same rules as the JSON calls, answered with a 303 to the app or back to the form
// with a code its page turns into the protocol's text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { signInReturnText } from '#protocol/sign-in-returns.ts';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import type { TestClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const newcomer = () => ({
  firstName: 'Dana',
  lastName: 'Pilot',
  email: `form-${Math.random().toString(36).slice(2)}@example.com`,
  password: 'longenough1',
  confirmPassword: 'longenough1',
});

/** Where a 303 sends the browser, and the text the form's page shows for it. */
function answer(res: { status: number; headers: Headers }) {
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  const code = new URL(location, 'http://x').searchParams.get('error');
  return { location, text: signInReturnText(code) };
}

const signedIn = async (client: TestClient) => (await client.get('/api/auth/user')).status === 200;

describe('POST /login as a form', () => {
  it('signs in and goes to the app', async () => {
    const crew = await makeUser(app);
    const client = app.client();
    const res = await client.post('/login', form({ email: crew.email, password: PASSWORD }));
    expect(answer(res).location).toBe('/');
    expect(await signedIn(client)).toBe(true);
  });

  it.each([
    [{ email: 'nobody@example.com', password: 'wrong-password' }, MSG.invalidCredentials],
    [{ email: 'not-an-email', password: 'x' }, MSG.emailInvalid],
    [{}, MSG.emailInvalid],
    [{ email: 'a@example.com', password: '' }, MSG.passwordRequired],
    [{ email: 'a\u0000@example.com', password: 'x' }, MSG.controlCharacters],
  ])('%o: back to the form, saying "%s", signed out', async (fields, text) => {
    const client = app.client();
    const res = await client.post('/login', form(fields));
    expect(answer(res)).toEqual({ location: expect.stringMatching(/^\/login\?error=/), text });
    expect(await signedIn(client)).toBe(false);
  });

  it('refuses a form posted from another site, signing no one in', async () => {
    const crew = await makeUser(app);
    const client = app.client();
    const res = await client.post('/login', form({ email: crew.email, password: PASSWORD }), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(await signedIn(client)).toBe(false);
  });

  it.each([
    ['nested keys', 'email[a][b]=x&password[]=y'],
    ['a repeated field', 'email=a@example.com&email=b@example.com&password=x'],
    ['broken escapes', 'email=%E0%A4%A&password=%'],
    ['no fields at all', '&&&=&='],
  ])('%s: back to the form, never a 500', async (_, raw) => {
    const res = await app.client().request('POST', '/login', raw, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(answer(res).location).toMatch(/^\/login\?error=/);
  });

  it('refuses JSON (the JSON call is /api/login) with a 415', async () => {
    const crew = await makeUser(app);
    const res = await app.client().post('/login', { email: crew.email, password: PASSWORD });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ message: 'This address takes the sign-in form as a browser sends it. From an app, send JSON to /api/login.' });
    const signup = await app.client().post('/signup', { email: 'x@example.com' });
    expect(signup.status).toBe(415);
    expect(signup.body).toMatchObject({ message: 'This address takes the sign-up form as a browser sends it. From an app, send JSON to /api/register.' });
  });

  it('refuses a form larger than a sign-in form can be, with a 4xx', async () => {
    const res = await app.client().request('POST', '/login', `email=${'a'.repeat(20_000)}`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('POST /signup as a form', () => {
  it('creates the account, signs in and goes to the app', async () => {
    const client = app.client();
    const fields = newcomer();
    const res = await client.post('/signup', form(fields));
    expect(answer(res).location).toBe('/');
    const me = await client.get('/api/auth/user');
    expect(me.body).toMatchObject({ firstName: 'Dana', lastName: 'Pilot', email: fields.email });
  });

  it.each([
    [{ confirmPassword: 'different1' }, MSG.passwordsDontMatch],
    [{ confirmPassword: '' }, MSG.confirmPasswordRequired],
    [{ firstName: '' }, MSG.firstNameRequired],
    [{ password: 'short' }, MSG.passwordTooShort],
  ])('%o: back to the form, saying "%s", no account', async (override, text) => {
    const client = app.client();
    const fields = { ...newcomer(), ...override };
    const res = await client.post('/signup', form(fields));
    expect(answer(res)).toEqual({ location: expect.stringMatching(/^\/signup\?error=/), text });
    expect(await signedIn(client)).toBe(false);
    expect((await app.client().post('/api/login', { email: fields.email, password: fields.password })).status).toBe(401);
  });

  it('an address already registered: back to the form, saying so', async () => {
    const crew = await makeUser(app);
    const res = await app.client().post('/signup', form({ ...newcomer(), email: crew.email }));
    expect(answer(res).text).toBe(MSG.emailTaken);
  });
});
