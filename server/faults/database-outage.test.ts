import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import type { ApiResponse, TestClient } from '../test/http-client.ts';
import { makeUser, PASSWORD } from '../test/factories.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/throwaway-services.ts';

let server: ThrowawayPostgres;
let app: TestApp;
beforeAll(async () => {
  // A PostgreSQL of this test's own: it is stopped, restarted and frozen below.
  server = await startThrowawayPostgres();
  // Timeouts of a second (5 s to connect, 10 s a statement in production) keep the test short.
  app = await startTestApp({}, server.url, { poolMax: 3, dbTimeouts: { connectMs: 1_000, statementMs: 1_000 } });
});
afterAll(async () => {
  try {
    server?.thaw();
    await app?.close();
  } finally {
    await server?.destroy();
  }
});

async function timed<T>(call: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = Date.now();
  const res = await call();
  return { res, ms: Date.now() - started };
}

function expectUnavailable(res: ApiResponse) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.body).toMatchObject({ message: MSG.serviceUnavailable, code: 'unavailable' });
}

/** The first success after a fault, which must come within a few seconds. */
async function recovers(client: TestClient): Promise<void> {
  const deadline = Date.now() + 5_000;
  let res = await client.get('/api/requests');
  while (res.status !== 200 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    res = await client.get('/api/requests');
  }
  expect(res.status).toBe(200);
}

describe('PostgreSQL faults', () => {
  it('stopped: requests answer 503 with Retry-After at once; started again: they succeed', async () => {
    const { client, email } = await makeUser(app);
    expect((await client.get('/api/requests')).status).toBe(200);

    await server.stop();
    const signedIn = await timed(() => client.get('/api/requests'));
    expectUnavailable(signedIn.res);
    expect(signedIn.ms).toBeLessThan(3_000);
    const signIn = await timed(() => app.client().post('/api/login', { email, password: PASSWORD }));
    expectUnavailable(signIn.res);
    expect(signIn.ms).toBeLessThan(3_000);

    await server.start();
    await recovers(client);
    expect((await app.client().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('frozen: requests answer 503 after the timeouts instead of hanging, more of them than the pool holds too', async () => {
    const { client } = await makeUser(app);
    server.freeze();
    try {
      // Twice the pool: some wait for a connection, and give up after the connect timeout.
      const many = await timed(() => Promise.all(Array.from({ length: 6 }, () => client.get('/api/requests'))));
      for (const res of many.res) expectUnavailable(res);
      expect(many.ms).toBeLessThan(8_000);
    } finally {
      server.thaw();
    }
    await recovers(client);
  });
});
