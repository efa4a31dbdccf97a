import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX, MESSAGE_PAGE } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { ConversationSummary, CrewMember, DashboardStats, DirectMessage, ThreadPage } from '#protocol/shapes.ts';
import type { EventOf } from '../../events/domain-events.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { STORED_NAME } from '../../storage/file-store.ts';
import { makeUser, PASSWORD, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { listUploads, multipartForm, png, type FilePart } from '../../test/uploads.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

let groupSeq = 0;
/** A base of its own per test, so crew lists and conversations don't mix between tests. */
const newGroup = () => ({ base: `M${(groupSeq++).toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 10) });

const form = (fields: Record<string, string | number>, parts: FilePart[] = []): FormData => multipartForm('attachments', fields, parts);

const send = (from: SignedInUser, to: { user: { id: number } }, content: string, extra: Record<string, unknown> = {}) =>
  // Untyped answer: a refusal's body is {message}, a send's a DirectMessage.
  from.client.post('/api/messages', { toUserId: to.user.id, content, ...extra });
const recent = (u: SignedInUser) => u.client.get<ConversationSummary[]>('/api/messages/recent');
const thread = (u: SignedInUser, other: { user: { id: number } }, query = '') =>
  u.client.get<ThreadPage>(`/api/messages/${other.user.id}${query}`);
const stats = async (u: SignedInUser) => (await u.client.get<DashboardStats>('/api/dashboard/stats')).body;

/** Makes `u` an admin and signs in afresh (sessions are cached for a few seconds). */
async function promote(u: SignedInUser): Promise<SignedInUser> {
  await sql(app.databaseUrl, 'update users set is_admin = true where id = $1', [u.user.id]);
  const client = app.client();
  const res = await client.post('/api/login', { email: u.email, password: PASSWORD });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return { ...u, client, user: res.body.user ?? res.body };
}

describe('signed out', () => {
  it('every messages endpoint answers 401', async () => {
    const c = app.client();
    for (const [method, path] of [
      ['GET', '/api/messages/recent'],
      ['GET', '/api/messages/1'],
      ['POST', '/api/messages'],
      ['POST', '/api/messages/1/mark-read'],
      ['DELETE', '/api/messages/conversation/1'],
      ['GET', '/api/crew-members'],
    ] as const) {
      const res = await c.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : { toUserId: 1, content: 'hi' });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toBe(MSG.notSignedIn);
    }
  });
});

describe('POST /api/messages', () => {
  it('sends a message in the group: 201 with the DirectMessage, the thread and the recent list show it', async () => {
    const g = newGroup();
    const a = await makeUser(app, { ...g, firstName: 'Ann' });
    const b = await makeUser(app, { ...g, firstName: 'Ben' });
    const key = randomUUID();
    const res = await send(a, b, 'Hello Ben\nsecond line', { clientKey: key });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      fromUserId: a.user.id,
      toUserId: b.user.id,
      fromUser: { id: a.user.id, firstName: 'Ann', lastName: 'Crew', profileImageUrl: null, employeeNumber: a.user.employeeNumber },
      toUser: { id: b.user.id, firstName: 'Ben', lastName: 'Crew', profileImageUrl: null, employeeNumber: b.user.employeeNumber },
      content: 'Hello Ben\nsecond line',
      isRead: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      attachments: [],
      clientKey: key,
    });
    const seen = await thread(b, a);
    expect(seen.status).toBe(200);
    expect(seen.body.user).toMatchObject({ id: a.user.id, firstName: 'Ann' });
    expect(seen.body.messages).toHaveLength(1);
    // The recipient does not see the sender's key.
    expect(seen.body.messages[0]).toMatchObject({ id: res.body.id, content: 'Hello Ben\nsecond line', clientKey: null });
    expect(seen.body.nextBefore).toBeNull();
    expect((await thread(a, b)).body.messages[0]!.clientKey).toBe(key);
  });

  it('announces a send with the message as its answer (sender’s copy, photos included): the fan-out and push read nothing again', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const announced: EventOf<'message.sent'>[] = [];
    app.server.deps.events.subscribe(
      defineSubscriber({
        name: 'test: message.sent',
        handles: ['message.sent'],
        phase: 'reply',
        handle: (events) => void announced.push(...events.filter((e) => e.fromUserId === a.user.id)),
      }),
    );
    const clientKey = randomUUID();
    const res = await a.client.post<DirectMessage>('/api/messages', form({ toUserId: b.user.id, content: 'look', clientKey }, [png()]));
    expect(res.status).toBe(201);
    expect(res.body.attachments).toHaveLength(1);
    expect(announced).toEqual([
      { type: 'message.sent', messageId: res.body.id, fromUserId: a.user.id, toUserId: b.user.id, item: res.body },
    ]);
    // A repeat of the key answers the stored message and announces nothing.
    const again = await send(a, b, 'look', { clientKey });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(announced).toHaveLength(1);
  });

  it('refuses blank text without images, a too long text, no recipient, an unknown one, oneself, a bad key', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const cases: [unknown, number, string][] = [
      [{ toUserId: b.user.id, content: '   \n ' }, 400, MSG.messageEmpty],
      [{ toUserId: b.user.id }, 400, MSG.messageEmpty],
      [{ toUserId: b.user.id, content: 'x'.repeat(MESSAGE_MAX + 1) }, 400, MSG.messageTooLong],
      [{ content: 'hi' }, 400, MSG.messageRecipientInvalid],
      [{ toUserId: 'abc', content: 'hi' }, 400, MSG.messageRecipientInvalid],
      [{ toUserId: 99999999, content: 'hi' }, 403, MSG.messageRecipientNotAllowed],
      [{ toUserId: a.user.id, content: 'hi' }, 400, MSG.messageToSelf],
      [{ toUserId: b.user.id, content: 'hi', clientKey: 'short' }, 400, MSG.clientKeyInvalid],
      [{ toUserId: b.user.id, content: 'hi', clientKey: "x' or 1=1 --" }, 400, MSG.clientKeyInvalid],
    ];
    for (const [body, status, message] of cases) {
      const res = await a.client.post('/api/messages', body);
      expect(res.body.message, JSON.stringify(body).slice(0, 80)).toBe(message);
      expect(res.status).toBe(status);
    }
    expect(await sql(app.databaseUrl, 'select id from messages where from_user_id = $1', [a.user.id])).toEqual([]);
    // Exactly MESSAGE_MAX characters is fine.
    expect((await send(a, b, 'y'.repeat(MESSAGE_MAX))).status).toBe(201);
  });

  it('another base cannot message, read the thread of, mark read or see the crew of this group', async () => {
    const a = await makeUser(app, newGroup());
    const other = await makeUser(app, newGroup());
    const res = await send(a, other, 'hi');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.messageRecipientNotAllowed);
    for (const r of [await thread(a, other), await a.client.post(`/api/messages/${other.user.id}/mark-read`)]) {
      expect(r.status).toBe(404);
      expect(r.body.message).toBe(MSG.userNotFound);
    }
    expect((await a.client.get<CrewMember[]>('/api/crew-members')).body.map((c) => c.id)).not.toContain(other.user.id);
    // Another aircraft type of the same base is another group too.
    const g = newGroup();
    const x = await makeUser(app, { ...g, aircraftType: '737' });
    const y = await makeUser(app, { ...g, aircraftType: 'A320' });
    expect((await send(x, y, 'hi')).status).toBe(403);
  });

  it('one answer for whoever cannot be messaged: an unknown id, crew of another group, an admin who has not written (docs/decisions/0019)', async () => {
    const me = await makeUser(app, newGroup());
    const otherCrew = await makeUser(app, newGroup());
    const admin = await promote(await makeUser(app, newGroup()));
    const answers = [];
    for (const toUserId of [2_000_000_000, otherCrew.user.id, admin.user.id]) {
      const res = await me.client.post('/api/messages', { toUserId, content: 'hi' });
      answers.push({ status: res.status, body: res.body });
      // Reading the thread tells no more than sending.
      const read = await me.client.get(`/api/messages/${toUserId}`);
      answers.push({ status: read.status, body: read.body });
    }
    expect(answers).toEqual([
      ...Array(3)
        .fill(0)
        .flatMap(() => [
          { status: 403, body: { message: MSG.messageRecipientNotAllowed, code: 'forbidden', field: 'toUserId' } },
          { status: 404, body: { message: MSG.userNotFound, code: 'not_found' } },
        ]),
    ]);
    expect(await sql(app.databaseUrl, 'select id from messages where from_user_id = $1', [me.user.id])).toEqual([]);
  });

  it('an admin may message anyone, and be answered by whoever they wrote to; both see the conversation', async () => {
    const crew = await makeUser(app, newGroup());
    const admin = await promote(await makeUser(app, newGroup()));
    const toCrew = await send(admin, crew, 'From the admin');
    expect(toCrew.status).toBe(201);
    const toAdmin = await send(crew, admin, 'Reply to the admin');
    expect(toAdmin.status).toBe(201);
    expect((await thread(crew, admin)).body.messages.map((m) => m.content)).toEqual(['From the admin', 'Reply to the admin']);
    expect((await thread(admin, crew)).body.messages).toHaveLength(2);
  });

  it('multipart: images with text, empty text with an image stored as a single space', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const res = await a.client.post<DirectMessage>(
      '/api/messages',
      form({ toUserId: b.user.id, content: '' }, [png('one.png'), png('two.png')]),
    );
    expect(res.status).toBe(201);
    expect(res.body.content).toBe(' ');
    // Files are listed in the order the parser finished them (server/http/uploads.ts), not always the part order.
    expect([...res.body.attachments].sort((x, y) => x.originalName.localeCompare(y.originalName))).toEqual([
      { id: expect.any(Number), filename: expect.stringMatching(STORED_NAME), originalName: 'one.png' },
      { id: expect.any(Number), filename: expect.stringMatching(STORED_NAME), originalName: 'two.png' },
    ]);
    const stored = await sql(app.databaseUrl, 'select content from messages where id = $1', [res.body.id]);
    expect(stored).toEqual([{ content: ' ' }]);
    const file = await fetch(`${app.url}/uploads/${res.body.attachments[0]!.filename}`, { headers: { cookie: b.client.cookieHeader } });
    expect(file.status).toBe(200);
    const withText = await a.client.post<DirectMessage>('/api/messages', form({ toUserId: b.user.id, content: 'look' }, [png()]));
    expect(withText.status).toBe(201);
    expect(withText.body).toMatchObject({ content: 'look', attachments: [{ originalName: 'photo.png' }] });
  });

  it('refuses 7 images, a script named .png and a text file, storing nothing', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const before = await listUploads(app.uploadDir);
    const seven = await a.client.post(
      '/api/messages',
      form(
        { toUserId: b.user.id, content: 'x' },
        Array.from({ length: 7 }, () => png()),
      ),
    );
    expect(seven.status).toBe(400);
    expect(seven.body.message).toBe(MSG.tooManyImages);
    const script = { name: 'evil.png', type: 'image/png', bytes: Buffer.from('<script>alert(1)</script>') };
    const disguised = await a.client.post('/api/messages', form({ toUserId: b.user.id, content: 'x' }, [png(), script]));
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe(MSG.onlyImages);
    const text = await a.client.post(
      '/api/messages',
      form({ toUserId: b.user.id, content: 'x' }, [{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hi') }]),
    );
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(MSG.onlyImages);
    const six = await a.client.post(
      '/api/messages',
      form(
        { toUserId: b.user.id, content: '' },
        Array.from({ length: 6 }, () => png()),
      ),
    );
    expect(six.status).toBe(201);
    expect(six.body.attachments).toHaveLength(6);
    expect(await sql(app.databaseUrl, 'select id from messages where from_user_id = $1', [a.user.id])).toHaveLength(1);
    // Six images, each with its thumbnail (decisions/0024).
    const added = (await listUploads(app.uploadDir)).filter((f) => !before.includes(f));
    expect(added).toHaveLength(12);
  });

  it('multipart to another group is refused before any file is stored', async () => {
    const a = await makeUser(app, newGroup());
    const other = await makeUser(app, newGroup());
    const before = await listUploads(app.uploadDir);
    const res = await a.client.post('/api/messages', form({ toUserId: other.user.id, content: '' }, [png()]));
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(MSG.messageRecipientNotAllowed);
    expect((await listUploads(app.uploadDir)).filter((f) => !before.includes(f))).toEqual([]);
  });

  it('a retried client key returns the stored message with 200 and stores one row', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const key = randomUUID();
    const first = await send(a, b, 'once', { clientKey: key });
    expect(first.status).toBe(201);
    const again = await send(a, b, 'once', { clientKey: key });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // A retried multipart send with images keeps the first message and leaves no extra file.
    const before = await listUploads(app.uploadDir);
    const retried = await a.client.post<DirectMessage>(
      '/api/messages',
      form({ toUserId: b.user.id, content: 'once', clientKey: key }, [png()]),
    );
    expect(retried.status).toBe(200);
    expect(retried.body.id).toBe(first.body.id);
    await expect.poll(async () => (await listUploads(app.uploadDir)).filter((f) => !before.includes(f))).toEqual([]);
    // The same key from another sender is that sender's own.
    const fromB = await send(b, a, 'mine', { clientKey: key });
    expect(fromB.status).toBe(201);
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from messages where client_key = $1', [key])).toEqual([{ n: 2 }]);
  });

  it('concurrent sends with one client key store one row; all get the same message', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 8 }, () => send(a, b, 'raced', { clientKey: key })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
    expect(await sql(app.databaseUrl, 'select count(*)::int as n from messages where from_user_id = $1', [a.user.id])).toEqual([{ n: 1 }]);
  });
});

describe('GET /api/messages/recent, unread counts and mark-read', () => {
  it('lists the latest message per conversation, newest first, with unread counts; mark-read clears them', async () => {
    const g = newGroup();
    const me = await makeUser(app, g);
    const b = await makeUser(app, { ...g, firstName: 'Bea' });
    const c = await makeUser(app, { ...g, firstName: 'Cal' });
    await send(b, me, 'b1');
    await send(b, me, 'b2');
    await send(me, c, 'to c');
    await send(c, me, 'c1');
    await send(me, b, 'my answer to b');
    const res = await recent(me);
    expect(res.status).toBe(200);
    expect(res.body.map((s) => [s.user.firstName, s.lastMessage.content, s.unreadCount])).toEqual([
      ['Bea', 'my answer to b', 2],
      ['Cal', 'c1', 1],
    ]);
    expect(res.body[0]!.user).toEqual({
      id: b.user.id,
      firstName: 'Bea',
      lastName: 'Crew',
      profileImageUrl: null,
      employeeNumber: b.user.employeeNumber,
    });
    expect((await stats(me)).unreadMessages).toBe(3);
    expect((await recent(b)).body.map((s) => [s.user.id, s.unreadCount])).toEqual([[me.user.id, 1]]);

    const read = await me.client.post(`/api/messages/${b.user.id}/mark-read`);
    expect(read.status).toBe(200);
    expect((await me.client.post(`/api/messages/${b.user.id}/mark-read`)).status).toBe(200);
    expect((await recent(me)).body.map((s) => s.unreadCount)).toEqual([0, 1]);
    expect((await stats(me)).unreadMessages).toBe(1);
    // Only messages to the reader were marked: b's unread count is untouched.
    expect((await recent(b)).body[0]!.unreadCount).toBe(1);
    expect((await thread(me, b)).body.messages.map((m) => [m.content, m.isRead])).toEqual([
      ['b1', true],
      ['b2', true],
      ['my answer to b', false],
    ]);
  });

  it('an empty list for a user without conversations; mark-read of an unknown user is 404', async () => {
    const me = await makeUser(app, newGroup());
    expect((await recent(me)).body).toEqual([]);
    const res = await me.client.post('/api/messages/99999999/mark-read');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.userNotFound);
  });
});

describe('GET /api/messages/:userId', () => {
  it('pages a long thread oldest first with ?before=', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const total = MESSAGE_PAGE + 5;
    await sql(
      app.databaseUrl,
      `insert into messages (from_user_id, to_user_id, content) select case when n % 2 = 0 then $1::int else $2::int end, case when n % 2 = 0 then $2::int else $1::int end, 'm' || n from generate_series(1, $3::int) n`,
      [a.user.id, b.user.id, total],
    );
    const first = await thread(a, b);
    expect(first.body.messages.map((m) => m.content)).toEqual(Array.from({ length: MESSAGE_PAGE }, (_, i) => `m${i + 6}`));
    expect(first.body.nextBefore).toBe(first.body.messages[0]!.id);
    const older = await thread(a, b, `?before=${first.body.nextBefore}`);
    expect(older.body.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    expect(older.body.nextBefore).toBeNull();
  });

  it('404 for an unknown user, oneself, a malformed id; 400 for a malformed cursor', async () => {
    const me = await makeUser(app, newGroup());
    for (const path of ['/api/messages/99999999', `/api/messages/${me.user.id}`, '/api/messages/abc']) {
      const res = await me.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.message).toBe(MSG.userNotFound);
    }
    const peer = await makeUser(app, { base: me.user.base! });
    expect((await me.client.get(`/api/messages/${peer.user.id}?before=x`)).status).toBe(400);
  });

  it('a conversation stays readable after one of the two moved to another base; sending is refused', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    await send(a, b, 'before the move');
    const moved = await b.client.put('/api/profile', {
      firstName: 'Alex',
      lastName: 'Crew',
      airline: 'Delta',
      position: 'captain',
      employeeNumber: b.user.employeeNumber,
      base: newGroup().base,
      aircraftType: '737',
      emailNotifications: true,
    });
    expect(moved.status).toBe(200);
    expect((await thread(a, b)).body.messages.map((m) => m.content)).toEqual(['before the move']);
    expect((await thread(b, a)).body.messages.map((m) => m.content)).toEqual(['before the move']);
    expect((await b.client.post(`/api/messages/${a.user.id}/mark-read`)).status).toBe(200);
    const refused = await send(a, b, 'after the move');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(MSG.messageRecipientNotAllowed);
  });

  it("someone else's conversation is not in a third person's thread", async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const c = await makeUser(app, g);
    await send(a, b, 'private');
    expect((await thread(c, a)).body.messages).toEqual([]);
    expect((await thread(c, b)).body.messages).toEqual([]);
    expect((await recent(c)).body).toEqual([]);
  });
});

describe('DELETE /api/messages/conversation/:userId', () => {
  it('removes the conversation for the caller only; a newer message brings it back from that message on', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    await send(a, b, 'one');
    await send(b, a, 'two');
    expect((await stats(a)).unreadMessages).toBe(1);
    const res = await a.client.delete(`/api/messages/conversation/${b.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG.conversationDeleted);
    expect((await recent(a)).body).toEqual([]);
    expect((await thread(a, b)).body.messages).toEqual([]);
    expect((await stats(a)).unreadMessages).toBe(0);
    // The other person keeps everything.
    expect((await thread(b, a)).body.messages.map((m) => m.content)).toEqual(['one', 'two']);
    expect((await recent(b)).body).toHaveLength(1);
    // Idempotent.
    expect((await a.client.delete(`/api/messages/conversation/${b.user.id}`)).status).toBe(200);
    await send(b, a, 'three');
    expect((await recent(a)).body.map((s) => [s.lastMessage.content, s.unreadCount])).toEqual([['three', 1]]);
    expect((await thread(a, b)).body.messages.map((m) => m.content)).toEqual(['three']);
    expect((await stats(a)).unreadMessages).toBe(1);
  });

  it('once both people have deleted it, its messages and their files are gone; later messages stay', async () => {
    const g = newGroup();
    const a = await makeUser(app, g);
    const b = await makeUser(app, g);
    const withImage = await a.client.post<DirectMessage>('/api/messages', form({ toUserId: b.user.id, content: 'pic' }, [png()]));
    expect(withImage.status).toBe(201);
    const file = withImage.body.attachments[0]!.filename;
    await send(b, a, 'reply');
    expect((await a.client.delete(`/api/messages/conversation/${b.user.id}`)).status).toBe(200);
    const later = await send(a, b, 'after a deleted it');
    const pair = () =>
      sql(app.databaseUrl, 'select content from messages where from_user_id in ($1, $2) order by id', [a.user.id, b.user.id]);
    expect((await pair()).map((r) => r.content)).toEqual(['pic', 'reply', 'after a deleted it']);
    expect(await listUploads(app.uploadDir)).toContain(file);
    expect((await b.client.delete(`/api/messages/conversation/${a.user.id}`)).status).toBe(200);
    // a still sees the message sent after their own deletion; b sees nothing.
    expect((await pair()).map((r) => r.content)).toEqual(['after a deleted it']);
    expect((await thread(a, b)).body.messages.map((m) => m.id)).toEqual([later.body.id]);
    expect((await thread(b, a)).body.messages).toEqual([]);
    expect(await sql(app.databaseUrl, 'select id from message_attachments where filename = $1', [file])).toEqual([]);
    await expect.poll(async () => (await listUploads(app.uploadDir)).includes(file)).toBe(false);
  });

  it('404 for an unknown user', async () => {
    const me = await makeUser(app, newGroup());
    const res = await me.client.delete('/api/messages/conversation/99999999');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.userNotFound);
  });
});

describe('GET /api/crew-members', () => {
  it('lists the group without the caller, sorted by name; searches names, airline, position and employee number', async () => {
    const g = newGroup();
    const me = await makeUser(app, { ...g, firstName: 'Me' });
    const zoe = await makeUser(app, { ...g, firstName: 'Zoe', lastName: 'Adams', employeeNumber: 'EMP100_1' });
    const amy = await makeUser(app, { ...g, firstName: 'amy', lastName: 'Zed', employeeNumber: 'EMP200%2' });
    const bob = await makeUser(app, { ...g, firstName: 'Bob', lastName: "O'Brien", employeeNumber: 'X12345' });
    await makeUser(app, newGroup());
    const list = async (search?: string) =>
      (await me.client.get<CrewMember[]>(`/api/crew-members${search === undefined ? '' : `?search=${encodeURIComponent(search)}`}`)).body;
    const all = await list();
    expect(all.map((c) => c.firstName)).toEqual(['amy', 'Bob', 'Zoe']);
    expect(all[0]).toEqual({
      id: amy.user.id,
      firstName: 'amy',
      lastName: 'Zed',
      employeeNumber: 'EMP200%2',
      airline: 'Delta',
      position: 'captain',
      profileImageUrl: null,
    });
    expect((await list('ZOE')).map((c) => c.id)).toEqual([zoe.user.id]);
    expect((await list('zed')).map((c) => c.id)).toEqual([amy.user.id]);
    expect((await list('x123')).map((c) => c.id)).toEqual([bob.user.id]);
    expect((await list('delta')).map((c) => c.id)).toHaveLength(3);
    expect((await list('CAPT')).map((c) => c.id)).toHaveLength(3);
    expect(await list('me')).toEqual([]); // the caller is never listed
    // % and _ are literal characters, not wildcards.
    expect((await list('%')).map((c) => c.id)).toEqual([amy.user.id]);
    expect((await list('_')).map((c) => c.id)).toEqual([zoe.user.id]);
    expect((await list('EMP1_')).map((c) => c.id)).toEqual([]);
    expect((await list("o'brien")).map((c) => c.id)).toEqual([bob.user.id]);
    for (const attack of ["' OR '1'='1", "'; drop table users; --", '\\', "%' --"]) {
      const res = await me.client.get(`/api/crew-members?search=${encodeURIComponent(attack)}`);
      expect(res.status, attack).toBe(200);
      expect(res.body).toEqual([]);
    }
    expect((await list()).map((c) => c.id)).toHaveLength(3);
  });

  it('a user without a complete profile has no crew', async () => {
    const me = await makeUser(app, { profile: false });
    const res = await me.client.get('/api/crew-members');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
