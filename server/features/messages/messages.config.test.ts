import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '#protocol/messages.ts';
import { makeUser, PASSWORD } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Rules that depend on the app's settings: the send limit (LIMITS.messages, per user), lowered to 3
 * here so the test stays short, and the protected owner (OWNER_EMAIL).
 */
const OWNER = 'owner@crewtrade.test';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_OVERRIDES: 'register=100000,forgotPassword=100000,messages=3', OWNER_EMAIL: OWNER });
});
afterAll(async () => {
  await app?.close();
});

describe('POST /api/messages rate limit', () => {
  it('refuses sends past the limit with 429 and the text, per sender; reading stays open', async () => {
    const a = await makeUser(app, { base: 'LIM' });
    const b = await makeUser(app, { base: 'LIM' });
    for (let i = 0; i < 3; i++) expect((await a.client.post('/api/messages', { toUserId: b.user.id, content: `m${i}` })).status).toBe(201);
    const refused = await a.client.post('/api/messages', { toUserId: b.user.id, content: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(MSG.tooManyRequests);
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from messages where from_user_id = $1', [a.user.id])).toEqual([{ n: 3 }]);
    // Another sender has their own allowance; the limited one can still read.
    expect((await b.client.post('/api/messages', { toUserId: a.user.id, content: 'hi' })).status).toBe(201);
    expect((await a.client.get('/api/messages/recent')).status).toBe(200);
  });
});

describe('the protected owner', () => {
  it('may message crew of any group and be messaged by them, by the owner rule alone (is_admin unset)', async () => {
    const owner = await makeUser(app, { base: 'OWN', email: OWNER });
    const crew = await makeUser(app, { base: 'FAR' });
    // Before the address is proven, the owner is ordinary crew of another group.
    const early = await owner.client.post('/api/messages', { toUserId: crew.user.id, content: 'too early' });
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(MSG.messageRecipientNotAllowed);
    await sql(app.databaseUrl, 'update users set email_verified = true, is_admin = false where id = $1', [owner.user.id]);
    const signedIn = app.client();
    expect((await signedIn.post('/api/login', { email: OWNER, password: PASSWORD })).status).toBe(200);
    expect((await signedIn.post('/api/messages', { toUserId: crew.user.id, content: 'from the owner' })).status).toBe(201);
    expect((await crew.client.post('/api/messages', { toUserId: owner.user.id, content: 'to the owner' })).status).toBe(201);
    expect((await crew.client.get(`/api/messages/${owner.user.id}`)).body.messages).toHaveLength(2);
  });
});
