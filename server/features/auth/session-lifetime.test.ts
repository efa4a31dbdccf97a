import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { sidOf } from './session.store.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The sid of a signed-in client (the cookie holds the token; the table its hash). */
const sidOfClient = (cookieHeader: string) => sidOf(cookieHeader.split('=')[1]!);

/** Makes a session look as if it was signed in `days` ago and last extended a month ago (due for extension). */
async function age(sid: string, days: number) {
  await sql(
    app.databaseUrl,
    `update sessions set sess = jsonb_set(sess, '{createdAt}', to_jsonb((now() - make_interval(days => $2))::text)),
       expire = now() + interval '1 day' where sid = $1`,
    [sid, days],
  );
}

describe('session lifetime', () => {
  it('a session signed in 400 days ago is not extended: it ends, and expire says so', async () => {
    const { client } = await makeUser(app, { profile: false });
    const sid = sidOfClient(client.cookieHeader);
    await age(sid, 400);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    const [row] = await sql<{ ended: boolean }>(app.databaseUrl, 'select expire <= now() as ended from sessions where sid = $1', [sid]);
    expect(row!.ended).toBe(true);
  });

  it('a session used within its 90 days slides forward, capped at sign-in + 90 days', async () => {
    const { client } = await makeUser(app, { profile: false });
    const sid = sidOfClient(client.cookieHeader);
    await age(sid, 80);
    expect((await client.get('/api/auth/user')).status).toBe(200);
    const [row] = await sql<{ days: number }>(
      app.databaseUrl,
      `select round(extract(epoch from expire - ((sess->>'createdAt')::timestamptz)) / 86400) as days from sessions where sid = $1`,
      [sid],
    );
    expect(Number(row!.days)).toBe(90);
  });
});
