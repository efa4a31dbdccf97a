import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  // Behind a TLS-terminating proxy: X-Forwarded-Proto says whether the browser's connection was secure.
  app = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => {
  await app?.close();
});

const HTTPS = { 'x-forwarded-proto': 'https' };

describe('over HTTPS', () => {
  it('sends HSTS and a __Host- session cookie (Secure, Path=/, no Domain) that signs in', async () => {
    const { email } = await makeUser(app, { profile: false });
    const client = app.client();
    const res = await client.post('/api/login', { email, password: PASSWORD }, HTTPS);
    expect(res.status).toBe(200);
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('crewtrade.sid='))!;
    expect(cookie).toMatch(/^__Host-crewtrade\.sid=/);
    expect(cookie).toMatch(/;\s*secure/i);
    expect(cookie).toMatch(/;\s*path=\//i);
    expect(cookie).not.toMatch(/domain=/i);
    expect(cookie).toMatch(/httponly/i);

    expect((await client.request('GET', '/api/auth/user', undefined, HTTPS)).status).toBe(200);
    // A cookie without the prefix (one a sibling site could plant) is not read over HTTPS.
    const planted = app.client().setCookieHeader(client.cookieHeader.replace('__Host-crewtrade.sid', 'crewtrade.sid'));
    expect((await planted.request('GET', '/api/auth/user', undefined, HTTPS)).status).toBe(401);
  });

  it('the socket handshake reads the same __Host- cookie', async () => {
    const { email } = await makeUser(app, { profile: false });
    const client = app.client();
    await client.post('/api/login', { email, password: PASSWORD }, HTTPS);
    const connects = (cookie: string) =>
      new Promise<boolean>((resolve) => {
        const socket = io(app.url, { transports: ['websocket'], extraHeaders: { cookie, ...HTTPS }, reconnection: false, forceNew: true });
        socket.once('connect', () => (socket.close(), resolve(true)));
        socket.once('connect_error', () => (socket.close(), resolve(false)));
      });
    expect(await connects(client.cookieHeader)).toBe(true);
    expect(await connects(client.cookieHeader.replace('__Host-crewtrade.sid', 'crewtrade.sid'))).toBe(false);
  });

  it('over plain HTTP: no HSTS, and the cookie keeps its plain name', async () => {
    const { email } = await makeUser(app, { profile: false });
    const res = await app.client().post('/api/login', { email, password: PASSWORD });
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.getSetCookie().some((c) => c.startsWith('crewtrade.sid=') && !/secure/i.test(c))).toBe(true);
  });
});
