// A deadlock or serialization failure is retried as a whole transaction (at most twice), then
// answered 503 with Retry-After; a foreign-key violation (a row deleted meanwhile) is a 409.
import Koa from 'koa';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { errorMiddleware } from '../http/error-middleware.ts';
import { createLogger } from '../lib/logger.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { kysely } from './kysely.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** Raises a real PostgreSQL error with the given SQLSTATE inside the transaction. */
const raise = (em: Parameters<typeof kysely>[0], sqlstate: string) =>
  sql`do $$ begin raise exception 'raised by the test' using errcode = '${sql.raw(sqlstate)}'; end $$`.execute(kysely(em));

describe('events.transaction and transient conflicts', () => {
  for (const sqlstate of ['40P01', '40001']) {
    it(`retries the whole transaction after ${sqlstate}, dropping what the failed attempt recorded`, async () => {
      const { events } = app.server.deps;
      let attempts = 0;
      const result = await events.transaction(app.server.deps.orm.em.fork(), async (em, recorder) => {
        attempts++;
        recorder.record({ type: 'badges.stale', userIds: [attempts] });
        if (attempts < 3) await raise(em, sqlstate);
        return 'done';
      });
      expect({ result, attempts }).toEqual({ result: 'done', attempts: 3 });
    });
  }

  it('gives up after two retries: the error is thrown as it came', async () => {
    let attempts = 0;
    const attempt = app.server.deps.events.transaction(app.server.deps.orm.em.fork(), async (em) => {
      attempts++;
      await raise(em, '40P01');
    });
    await expect(attempt).rejects.toMatchObject({ code: '40P01' });
    expect(attempts).toBe(3);
  });

  it('does not retry other errors', async () => {
    let attempts = 0;
    const attempt = app.server.deps.events.transaction(app.server.deps.orm.em.fork(), async (em) => {
      attempts++;
      await raise(em, '23505');
    });
    await expect(attempt).rejects.toMatchObject({ code: '23505' });
    expect(attempts).toBe(1);
  });
});

describe('the HTTP answer', () => {
  /** What the error middleware answers when a route's transaction fails with `sqlstate`. */
  async function answerTo(sqlstate: string) {
    const koa = new Koa();
    koa.use(errorMiddleware(createLogger('silent')));
    koa.use(async () => {
      await app.server.deps.events.transaction(app.server.deps.orm.em.fork(), (em) => raise(em, sqlstate));
    });
    const server = koa.listen(0);
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}/api/x`, { method: 'POST' });
      return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { message: string } };
    } finally {
      server.close();
    }
  }

  it('still deadlocked after the retries: 503 with Retry-After', async () => {
    const res = await answerTo('40P01');
    expect(res.status).toBe(503);
    expect(res.retryAfter).not.toBeNull();
    expect(res.body.message).toBe(MSG.serviceUnavailable);
  });

  it('a foreign-key violation: 409 saying what it refers to is gone', async () => {
    const res = await answerTo('23503');
    expect(res).toMatchObject({ status: 409, body: { message: MSG.referenceGone } });
  });

  it('the 409 tells the crew member that nothing was saved and what is gone', async () => {
    // Shown as is in the toasts of a send, an accept or a delete: "Something this refers to" named
    // nothing a crew member could check, and left open whether their trade went through.
    const res = await answerTo('23503');
    expect(res.body.message).toBe(
      'Nothing was saved: the crew member or request this refers to no longer exists. Please refresh and try again.',
    );
  });
});
