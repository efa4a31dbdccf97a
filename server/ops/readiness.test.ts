import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { startThrowawayPostgres, startThrowawayRedis, type ThrowawayPostgres, type ThrowawayRedis } from '../test/throwaway-services.ts';

let postgres: ThrowawayPostgres;
let redis: ThrowawayRedis;
let app: TestApp;
beforeAll(async () => {
  // Servers of this test's own: they are stopped and started below.
  [postgres, redis] = await Promise.all([startThrowawayPostgres(), startThrowawayRedis()]);
  app = await startTestApp({ REDIS_URL: redis.url }, postgres.url, { poolMax: 3, dbTimeouts: { connectMs: 1_000, statementMs: 1_000 } });
});
afterAll(async () => {
  try {
    await app?.close();
  } finally {
    await Promise.all([postgres?.destroy(), redis?.stop()]);
  }
});

const probe = async (path: string) => {
  const res = await fetch(app.url + path);
  return { status: res.status, body: (await res.json()) as { status: string; notReady?: string[]; checks?: Record<string, string> } };
};

/** Polls /readyz until it answers `status`; returns how long that took. */
async function readyzBecomes(status: number, withinMs: number) {
  const started = Date.now();
  for (;;) {
    const res = await probe('/readyz');
    if (res.status === status) return { ...res, ms: Date.now() - started };
    if (Date.now() - started > withinMs) throw new Error(`/readyz still ${res.status} after ${withinMs} ms: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('health and readiness', () => {
  it('/healthz and /readyz answer 200 while everything is up', async () => {
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe('/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', notReady: [], checks: { database: 'ok', redis: 'ok', shutdown: 'running' } },
    });
  });

  it('PostgreSQL stopped: /readyz turns 503 within 2 s naming the database, /healthz stays 200; started: 200 again', async () => {
    await postgres.stop();
    try {
      const down = await readyzBecomes(503, 2_000);
      expect(down.body).toMatchObject({ status: 'not ready', notReady: ['database'], checks: { database: 'down', redis: 'ok' } });
      expect((await probe('/healthz')).status).toBe(200);
    } finally {
      await postgres.start();
    }
    await readyzBecomes(200, 10_000);
  });

  it('Redis stopped: /readyz answers 503 naming Redis; started: 200 again', async () => {
    await redis.stop();
    try {
      const down = await readyzBecomes(503, 5_000);
      expect(down.body).toMatchObject({ notReady: ['redis'], checks: { database: 'ok', redis: 'down' } });
    } finally {
      await redis.start();
    }
    await readyzBecomes(200, 10_000);
  });

  it('draining (SIGTERM): /readyz answers 503 naming the drain while the app still serves', async () => {
    app.server.readiness.startDraining();
    const res = await probe('/readyz');
    expect(res).toMatchObject({ status: 503, body: { notReady: ['draining'], checks: { shutdown: 'draining' } } });
    expect((await fetch(`${app.url}/api/auth/user`)).status).toBe(401);
  });
});
