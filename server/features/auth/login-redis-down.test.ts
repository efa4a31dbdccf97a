import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  // Nothing listens on port 1: Redis is down from the start, as in an outage.
  app = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
});
afterAll(async () => {
  await app?.close();
});

describe('sign-in with Redis down', () => {
  it('answers promptly from the in-memory limits: no hang, no 500', async () => {
    const { email } = await makeUser(app, { profile: false });
    const started = Date.now();
    expect((await app.client().post('/api/login', { email, password: 'Wrong-Guess-1' })).status).toBe(401);
    expect((await app.client().post('/api/login', { email, password: PASSWORD })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
