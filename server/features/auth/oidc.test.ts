import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { startFakeIssuer, type FakeIssuer } from '../../test/fake-oidc-issuer.ts';
import type { TestClient } from '../../test/http-client.ts';
import { sql, verifyLinkFrom, waitForMail } from '../../test/outbox.ts';
import { connectSocket } from '../../test/socket-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { VERIFY_SUBJECT } from './auth.mails.ts';

let issuer: FakeIssuer;
let app: TestApp;
beforeAll(async () => {
  issuer = await startFakeIssuer('crewtrade-test');
  app = await startTestApp({
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: 'crewtrade-test',
    OIDC_CLIENT_SECRET: 'secret',
    OWNER_EMAIL: 'owner@crewtrade.test',
  });
});
afterAll(async () => {
  await app?.close();
  await issuer?.close();
});

/** Follows the browser's path: /api/login → the provider (which approves at once) → the callback. */
async function socialSignIn(client: TestClient): Promise<{ status: number; location: string | null }> {
  const start = await client.get('/api/login');
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  expect(authorize.origin + authorize.pathname).toBe(`${issuer.url}/authorize`);
  expect(authorize.searchParams.get('client_id')).toBe('crewtrade-test');
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.url}/api/login/callback`);
  const state = authorize.searchParams.get('state')!;
  const back = await client.get(`/api/login/callback?code=the-code&state=${state}`);
  return { status: back.status, location: back.headers.get('location') };
}

describe('social sign-in through OpenID Connect', () => {
  it('creates the account from the verified e-mail and signs in', async () => {
    issuer.nextClaims = { email: 'Pat.Social@Example.com', email_verified: true, given_name: 'Pat', family_name: 'Social' };
    const client = app.client();
    expect(await socialSignIn(client)).toEqual({ status: 302, location: '/' });
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'pat.social@example.com', firstName: 'Pat', lastName: 'Social', airline: null });
  });

  it('signs an existing account in when the provider verified its e-mail', async () => {
    const { email, user } = await makeUser(app);
    issuer.nextClaims = { email, email_verified: true };
    const client = app.client();
    await socialSignIn(client);
    expect((await client.get('/api/auth/user')).body.id).toBe(user.id);
  });

  it('refuses an unverified e-mail, a wrong state and a callback without a started flow', async () => {
    issuer.nextClaims = { email: 'unverified@example.com', email_verified: false };
    const client = app.client();
    expect(await socialSignIn(client)).toEqual({ status: 302, location: '/login?error=social-failed' });
    expect((await client.get('/api/auth/user')).status).toBe(401);

    issuer.nextClaims = { email: 'someone@example.com', email_verified: true };
    const forged = app.client();
    await forged.get('/api/login');
    const res = await forged.get('/api/login/callback?code=x&state=not-the-state');
    expect(res.headers.get('location')).toBe('/login?error=social-failed');
    expect((await forged.get('/api/auth/user')).status).toBe(401);

    const fresh = await app.client().get('/api/login/callback?code=x&state=y');
    expect(fresh.headers.get('location')).toBe('/login?error=social-failed');
  });
});

describe('only a provider-verified e-mail signs in', () => {
  it.each([
    ['missing', {}],
    ['the string "true"', { email_verified: 'true' }],
    ['1', { email_verified: 1 }],
  ])('email_verified %s: no sign-in into the existing account, and no new account', async (_label, claim) => {
    const { email, client: owner } = await makeUser(app);
    issuer.nextClaims = { email, ...claim };
    const attacker = app.client();
    expect(await socialSignIn(attacker)).toEqual({ status: 302, location: '/login?error=social-failed' });
    expect((await attacker.get('/api/auth/user')).status).toBe(401);
    expect((await owner.get('/api/auth/user')).status).toBe(200);

    issuer.nextClaims = { email: `new-${Math.random().toString(36).slice(2)}@example.com`, ...claim };
    const stranger = app.client();
    expect(await socialSignIn(stranger)).toEqual({ status: 302, location: '/login?error=social-failed' });
    expect(await sql(app.databaseUrl, 'select id from users where email = $1', [issuer.nextClaims.email])).toEqual([]);
  });
});

describe('linking a social sign-in to an existing account (docs/decisions/0005-account-linking.md)', () => {
  it('pre-account hijacking: an unverified local account loses its password and every session to the verified owner', async () => {
    // The attacker signs up with the victim's address first and stays signed in, socket open.
    const { email, client: attacker, user } = await makeUser(app);
    const socket = await connectSocket(app.url, attacker.cookieHeader);
    const dropped = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    issuer.nextClaims = { email, email_verified: true };
    const victim = app.client();
    expect(await socialSignIn(victim)).toEqual({ status: 302, location: '/' });
    expect((await victim.get('/api/auth/user')).body.id).toBe(user.id);

    expect((await attacker.get('/api/auth/user')).status).toBe(401);
    expect((await app.client().post('/api/login', { email, password: PASSWORD })).status).toBe(401);
    await dropped;
    expect((await sql(app.databaseUrl, 'select email_verified from users where id = $1', [user.id]))[0]!.email_verified).toBe(true);
  });

  it('a confirmed local account keeps its password and sessions', async () => {
    const { email, client } = await makeUser(app);
    const link = new URL(verifyLinkFrom(await waitForMail(app.databaseUrl, email, VERIFY_SUBJECT))!);
    expect((await client.get(link.pathname + link.search)).headers.get('location')).toBe('/');

    issuer.nextClaims = { email, email_verified: true };
    expect(await socialSignIn(app.client())).toEqual({ status: 302, location: '/' });
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect((await app.client().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('a provider-verified OWNER_EMAIL is the protected owner', async () => {
    issuer.nextClaims = { email: 'Owner@CrewTrade.test', email_verified: true };
    const client = app.client();
    await socialSignIn(client);
    expect((await client.get('/api/auth/user')).body).toMatchObject({ email: 'owner@crewtrade.test', isAdmin: true, isProtected: true });
  });
});
