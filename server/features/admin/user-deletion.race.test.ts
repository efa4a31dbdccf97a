// An admin deleting a user while that user, or someone writing to them, is mid-write, on another
// instance: one lock order (the group's first, then rows; docs/decisions/0027) and a retried
// deadlock leave no 500, and a write naming a user who is gone says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeUser, type SignedInUser } from '../../test/factories.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { freshGroup, offerBody, postRequest, sendOffer } from '../offers/offers.fixtures.ts';
import { inDays, requestBody } from '../requests/requests.fixtures.ts';

const ROUNDS = 50;
const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const env = { REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_OVERRIDES: 'register=100000,messages=100000' };

let one: TestApp;
let two: TestApp;
let admin: SignedInUser;
beforeAll(async () => {
  one = await startTestApp(env, undefined, { poolMax: 10 });
  two = await startTestApp(env, one.databaseUrl, { poolMax: 10 });
  admin = await makeAdmin(one, { firstName: 'Ada', lastName: 'Admin' });
  // The admin's session, used on the other instance.
  admin = { ...admin, client: two.client().setCookieHeader(admin.client.cookieHeader) };
});
afterAll(async () => {
  await two?.close();
  await one?.close();
});

const deleteUser = (id: number) => admin.client.delete(`/api/admin/users/${id}`);
/** What the racers answered that is a server error, with its text, for the failure message. */
const errors = (...results: { status: number; text: string }[]) =>
  results.filter((r) => r.status >= 500).map((r) => `${r.status} ${r.text}`);

describe('user deletion racing writes, across two instances', () => {
  it(`an accept racing the deletion of the offer's sender: no 500 in ${ROUNDS} rounds`, { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const group = freshGroup();
      const owner = await makeUser(one, { ...group, firstName: 'Olive', lastName: 'Owner' });
      const sender = await makeUser(one, { ...group, firstName: 'Sam', lastName: 'Sender' });
      const date = inDays(5);
      const request = await postRequest(owner, { type: 'drop', route: 'R1', date });
      // A matching request of the sender's: the offer comes from it, so the accept completes both.
      await postRequest(sender, { type: 'pickup', route: 'R1', date });
      const offer = await sendOffer(sender, request);
      const [accepted, deleted] = await Promise.all([
        owner.client.put(`/api/trade-requests/${offer.id}`, { status: 'accepted' }),
        deleteUser(sender.user.id),
      ]);
      failures.push(...errors(accepted, deleted));
      expect(deleted.status).toBe(200);
    }
    expect(failures).toEqual([]);
  });

  it(`a direct message sent while its recipient is deleted: no 500 in ${ROUNDS} rounds`, { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const group = freshGroup();
      const from = await makeUser(one, { ...group, firstName: 'Fran', lastName: 'From' });
      const to = await makeUser(one, { ...group, firstName: 'Tom', lastName: 'To' });
      const [sent, deleted] = await Promise.all([
        from.client.post('/api/messages', { toUserId: to.user.id, content: `hello ${i}` }),
        deleteUser(to.user.id),
      ]);
      failures.push(...errors(sent, deleted));
      expect(deleted.status).toBe(200);
      // Sent first, or refused with a reason: the recipient (or the message read back) is gone, or no longer reachable.
      if (sent.status !== 201) expect(sent.body.message).toEqual(expect.any(String));
    }
    expect(failures).toEqual([]);
  });

  it(`the deleted user's own chat post and message during the deletion: no 500 in ${ROUNDS} rounds`, { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const group = freshGroup();
      const victim = await makeUser(one, { ...group, firstName: 'Vic', lastName: 'Victim' });
      const other = await makeUser(one, { ...group, firstName: 'Otto', lastName: 'Other' });
      const [posted, sent, deleted] = await Promise.all([
        victim.client.post('/api/base-chat', { chatType: 'reserve', content: `post ${i}` }),
        victim.client.post('/api/messages', { toUserId: other.user.id, content: `message ${i}` }),
        deleteUser(victim.user.id),
      ]);
      failures.push(...errors(posted, sent, deleted));
      expect(deleted.status).toBe(200);
    }
    expect(failures).toEqual([]);
  });

  it(
    'deleting a user under a stream of writes to and from them, and on their board, finishes within 2 s',
    { timeout: 60_000 },
    async () => {
      const group = freshGroup();
      const victim = await makeUser(one, { ...group, firstName: 'Vic', lastName: 'Victim' });
      const victimRequest = await postRequest(victim, { type: 'drop', route: 'S1', date: inDays(4) });
      const crew = await Promise.all(Array.from({ length: 16 }, (_, i) => makeUser(i % 2 ? two : one, { ...group, lastName: `Crew${i}` })));
      let streaming = true;
      const statuses: number[] = [];
      const stream = async (write: () => Promise<{ status: number }>) => {
        while (streaming) statuses.push((await write()).status);
      };
      let n = 0;
      const writers = [
        ...crew.map((c) => stream(() => c.client.post('/api/messages', { toUserId: victim.user.id, content: `to ${n++}` }))),
        stream(() => victim.client.post('/api/base-chat', { chatType: 'reserve', content: `mine ${n++}` })),
        stream(() => victim.client.post('/api/messages', { toUserId: crew[0]!.user.id, content: `from ${n++}` })),
        // Creates and offers on the victim's board: they hold the group's locks the deletion takes first.
        ...crew
          .slice(0, 3)
          .map((c) =>
            stream(() => c.client.post('/api/requests', requestBody({ type: 'pickup', route: 'S1', date: inDays(3 + (n++ % 20)) }))),
          ),
        stream(() => crew[3]!.client.post('/api/trade-requests', offerBody(victimRequest, { message: `offer ${n++}` }))),
      ];
      // The stream is flowing before the deletion starts.
      await new Promise((r) => setTimeout(r, 300));
      const started = performance.now();
      const deleted = await deleteUser(victim.user.id);
      const took = performance.now() - started;
      await new Promise((r) => setTimeout(r, 200));
      streaming = false;
      await Promise.all(writers);
      expect(deleted.status).toBe(200);
      // Alone it takes 0.1-0.6 s; the bound is loose for 2 shared CI cores, and still far under the
      // 7.8 s the deletion used to wait behind the writes (or its statement timeout's 503).
      expect(took).toBeLessThan(5000);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
    },
  );
});
