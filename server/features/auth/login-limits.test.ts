import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import type { TestClient } from '../../test/http-client.ts';
import { verifyLinkFrom, waitForMail } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { VERIFY_SUBJECT } from './auth.mails.ts';

let app: TestApp;
beforeAll(async () => {
  // Behind the proxy, X-Forwarded-For names the caller: one test plays many addresses. The sign-in limits keep their defaults.
  app = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await app?.close();
});

const from = (address: string) => ({ 'x-forwarded-for': address });
const signIn = (address: string, email: string, password: string) => app.client().post('/api/login', { email, password }, from(address));

describe('sign-in rate limits', () => {
  it('one address trying many accounts meets a 429 (50 attempts per 15 minutes)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await signIn('10.1.0.1', `spray-${i}@example.com`, 'Guess-1234')).status);
    expect(statuses.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(statuses[50]).toBe(429);
    // Another address is not affected.
    expect((await signIn('10.1.0.2', 'spray-0@example.com', 'Guess-1234')).status).toBe(401);
  });

  it('many addresses guessing one account meet a 429 after 20 failures; the owner still signs in from a known address', async () => {
    const { email } = await makeUser(app, { profile: false });
    expect((await signIn('10.2.0.1', email, PASSWORD)).status).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await signIn(`10.3.0.${i + 1}`, email, `Guess-${i}-x`)).status);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Even the right password from a new address waits out the window...
    const stranger = await signIn('10.4.0.1', email, PASSWORD);
    expect(stranger.status).toBe(429);
    expect(stranger.body.message).toBe(MSG.tooManyRequests);
    // ...but the owner's usual address is not locked out.
    expect((await signIn('10.2.0.1', email, PASSWORD)).status).toBe(200);
  });

  /** 21 wrong passwords from 21 other addresses: the account's failures are spent (the 21st is refused). */
  async function lockOut(email: string, prefix: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await signIn(`${prefix}.${i + 1}`, email, `Guess-${i}-x`)).status);
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
  }
  const signUp = (client: TestClient, address: string, email: string) =>
    client.post('/api/register', { firstName: 'Olive', lastName: 'Owner', email, password: PASSWORD }, from(address));
  const expectRefused = (res: { status: number; body: { message?: string } }) => {
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(MSG.tooManyRequests);
  };

  it('the address the owner signed up from is a known address: it still signs in when the account is locked', async () => {
    const email = `signup-known-${Date.now()}@example.com`;
    expect((await signUp(app.client(), '10.5.0.1', email)).status).toBe(201);
    await lockOut(email, '10.6.0');
    expectRefused(await signIn('10.7.0.1', email, PASSWORD));
    expect((await signIn('10.5.0.1', email, PASSWORD)).status).toBe(200);
    // A sign-up elsewhere with the same address (taken) makes nothing known.
    expect((await signUp(app.client(), '10.7.0.2', email)).status).toBe(409);
    expectRefused(await signIn('10.7.0.2', email, PASSWORD));
  });

  it('the address the confirmation link was opened from (signed in) is a known address too', async () => {
    const email = `confirm-known-${Date.now()}@example.com`;
    const owner = app.client();
    expect((await signUp(owner, '10.8.0.1', email)).status).toBe(201);
    const link = new URL(verifyLinkFrom(await waitForMail(app.databaseUrl, email, VERIFY_SUBJECT))!);
    const confirmed = await owner.request('GET', link.pathname + link.search, undefined, from('10.8.0.2'));
    expect(confirmed.headers.get('location')).toBe('/');
    await lockOut(email, '10.9.0');
    expectRefused(await signIn('10.10.0.1', email, PASSWORD));
    expect((await signIn('10.8.0.2', email, PASSWORD)).status).toBe(200);
    expect((await signIn('10.8.0.1', email, PASSWORD)).status).toBe(200);
    // A spent link opened again, from yet another address, makes that address nothing.
    expect((await owner.request('GET', link.pathname + link.search, undefined, from('10.10.0.2'))).headers.get('location')).toBe(
      '/login?error=verify-failed',
    );
    expectRefused(await signIn('10.10.0.2', email, PASSWORD));
  });
});
