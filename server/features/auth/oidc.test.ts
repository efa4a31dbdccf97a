import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { startFakeIssuer, type FakeIssuer } from '../../test/fake-oidc-issuer.ts';
import type { TestClient } from '../../test/http-client.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let issuer: FakeIssuer;
let app: TestApp;
beforeAll(async () => {
  issuer = await startFakeIssuer('crewtrade-test');
  app = await startTestApp({ OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID: 'crewtrade-test', OIDC_CLIENT_SECRET: 'secret' });
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
