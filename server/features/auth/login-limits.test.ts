import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

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
});
