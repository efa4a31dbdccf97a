// The base-chat store: sends matched by clientKey, deletions that stay deleted, rooms kept apart.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, CurrentUser } from '#protocol/shapes.ts';
import { useChatStore } from './useChatStore.ts';
import { heldFirstAnswer as held } from './heldFetch.fixture.ts';
import { pagedRoom, range } from './messageServer.fixture.ts';
import { useSessionStore } from './useSessionStore.ts';

const ME = 7;
const chat = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  userId: 8,
  chatType: 'reserve',
  content: `c${id}`,
  attachments: [],
  createdAt: '2030-01-01T00:00:00.000Z',
  user: { firstName: 'F', lastName: 'L', profileImageUrl: null, employeeNumber: '8' },
  clientKey: null,
  ...over,
});
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const store = () => useChatStore.getState();
const room = (t: 'reserve' | 'lineholder' = 'reserve') => store().rooms[t].messages.map((m) => m.id);

beforeEach(() => {
  useSessionStore.setState({ user: { id: ME } as CurrentUser, loading: false });
  store().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('base chat store', () => {
  it('loads a room from its own path and keeps the rooms apart', async () => {
    const fetchMock = vi.fn(async () => json({ messages: [chat(1), chat(2)], nextBefore: null }));
    vi.stubGlobal('fetch', fetchMock);
    await store().fetch('reserve');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/base-chat/reserve');
    store().received(chat(3, { chatType: 'lineholder' }));
    expect(room()).toEqual([1, 2]);
    expect(room('lineholder')).toEqual([3]);
  });

  it('an own send: stand-in, then one message whatever the order of answer and event', async () => {
    const saved = chat(5, { userId: ME, content: 'hi', clientKey: 'key-chat-0001' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(saved, 201)),
    );
    const sending = store().send('reserve', 'hi', [], 'key-chat-0001');
    expect(room()).toHaveLength(1);
    store().received(saved);
    await sending;
    store().received(saved);
    expect(room()).toEqual([5]);
  });

  it('a deleted message never comes back from a late event or page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ messages: [chat(1), chat(2)], nextBefore: null })),
    );
    await store().fetch('reserve');
    store().removed({ id: 2, chatType: 'reserve' });
    store().received(chat(2));
    await store().fetch('reserve');
    expect(room()).toEqual([1]);
  });

  it('deleteMessage calls DELETE and removes it; a failure keeps it and throws', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ messages: [chat(1, { userId: ME })], nextBefore: null })),
    );
    await store().fetch('reserve');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'no' }, 500)),
    );
    await expect(store().deleteMessage(store().rooms.reserve.messages[0]!)).rejects.toThrow();
    expect(room()).toEqual([1]);
    const ok = vi.fn(async () => json({ message: 'ok' }));
    vi.stubGlobal('fetch', ok);
    await store().deleteMessage(store().rooms.reserve.messages[0]!);
    expect((ok.mock.calls[0] as unknown as [string, RequestInit])[1].method).toBe('DELETE');
    expect(room()).toEqual([]);
  });
});

describe('catching up after a reconnect (docs/decisions/0020)', () => {
  /** A room served as the server pages it (newest, ?before=, ?after= and the cursors), 50 a page. */
  function roomServer(all: number[]) {
    const server = pagedRoom('/api/base-chat/reserve', (id) => chat(id));
    server.all.push(...all);
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown) => server.answer(input) ?? Promise.resolve(json({ message: 'not here' }, 404))),
    );
    return server;
  }

  it('reads back from the newest page to the messages held, so more than a page missed leaves no gap', async () => {
    const server = roomServer(range(1, 40));
    await store().fetch('reserve');
    expect(room()).toEqual(range(1, 40));
    // Away: 130 posts, and 20 deleted.
    server.all.push(...range(41, 170));
    server.all.splice(19, 1);
    await store().refreshLoaded();
    expect(room()).toEqual(server.all);
    // The newest page, then back (?before=) to the start of what was held (all 40 here, the overlap read again): 169 in four pages.
    expect(server.calls.slice(1)).toEqual([
      '/api/base-chat/reserve',
      '/api/base-chat/reserve?before=121',
      '/api/base-chat/reserve?before=71',
      '/api/base-chat/reserve?before=21',
    ]);
    expect(store().rooms.reserve.contiguousTo).toBe(170);
  });

  it('keeps a message that arrives live while the pages are read, and one sent meanwhile', async () => {
    const server = roomServer(range(1, 60));
    await store().fetch('reserve');
    server.all.push(...range(61, 120));
    const catching = store().refreshLoaded();
    store().received(chat(121));
    await catching;
    expect(room()).toEqual(range(1, 121));
  });

  it('too far behind to read it all: the newest ten pages, and Load earlier (“Load the rest”) reads back the rest in order', async () => {
    const server = roomServer(range(1, 10));
    await store().fetch('reserve');
    server.all.push(...range(11, 3000));
    await store().refreshLoaded();
    expect(room()).toEqual(range(2501, 3000));
    expect(store().rooms.reserve.nextBefore).toBe(2501);
    expect(store().rooms.reserve.behind).toBe(true);
    await store().loadEarlier('reserve');
    expect(room()).toEqual(range(2451, 3000));
    expect(store().rooms.reserve.behind).toBe(false);
  });

  it('a screen’s load of a room held reads its newest page alone: nothing held is lost, and the catch-up still checks the rest', async () => {
    const server = roomServer(range(1, 30));
    await store().fetch('reserve');
    for (let id = 31; id <= 110; id++) {
      server.all.push(id);
      // 33 went missing (an outage) and 100 was not heard yet.
      if (id !== 33 && id !== 100) store().received(chat(id));
    }
    await store().fetch('reserve');
    expect(room()).toEqual(range(1, 110).filter((id) => id !== 33));
    expect(store().rooms.reserve.contiguousTo).toBe(30);
    expect(server.calls.slice(1)).toEqual(['/api/base-chat/reserve']);
    await store().refreshLoaded();
    expect(room()).toEqual(range(1, 110));
    expect(store().rooms.reserve.contiguousTo).toBe(110);
  });
});

describe('a room whose first load is under way when the socket connects or an event comes', () => {
  const heldFirstAnswer = (first: number[], later: () => Response) =>
    held(() => json({ messages: first.map((id) => chat(id)), nextBefore: null }), later);

  it('keeps a message that came live while the first page was on its way (the page was read before it)', async () => {
    const release = heldFirstAnswer([1, 2, 3], () => json({ messages: [], nextBefore: null }));
    const loading = store().fetch('reserve');
    store().received(chat(4));
    release();
    await loading;
    expect(room()).toEqual([1, 2, 3, 4]);
  });

  it('a reconnect during the first load catches the room up once the page is in', async () => {
    // The page was read before the socket joined its rooms: 4 and 5 came in between, no event told.
    const release = heldFirstAnswer([1, 2, 3], () => json({ messages: [chat(1), chat(2), chat(3), chat(4), chat(5)], nextBefore: null }));
    const loading = store().fetch('reserve');
    const catching = store().refreshLoaded();
    release();
    await Promise.all([loading, catching]);
    expect(room()).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('a Redis outage: more than a page heard live after the first post missed (issue 40)', () => {
  function outage() {
    const server = pagedRoom('/api/base-chat/reserve', (id) => chat(id));
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown) => server.answer(input) ?? Promise.resolve(json({ message: 'not here' }, 404))),
    );
    return server;
  }

  it('after the reconnect every post is there, in order, once', async () => {
    const server = outage();
    server.all.push(...range(1, 30));
    await store().fetch('reserve');
    // Heard live while all was well.
    for (let id = 31; id <= 40; id++) {
      server.all.push(id);
      store().received(chat(id));
    }
    // Redis away, the socket still up: odd posts go through the other instance (no event comes),
    // even ones through this one (heard). 60 are heard after the first one missed.
    for (let id = 41; id <= 160; id++) {
      server.all.push(id);
      if (id % 2 === 0) store().received(chat(id));
    }
    expect(room()).toHaveLength(40 + 60);
    await store().refreshLoaded();
    expect(room()).toEqual(range(1, 160));
    // One more reconnect changes nothing.
    await store().refreshLoaded();
    expect(room()).toEqual(range(1, 160));
  });

  it('posts heard live meanwhile and a deletion missed while away come out right', async () => {
    const server = outage();
    server.all.push(...range(1, 40));
    await store().fetch('reserve');
    for (let id = 41; id <= 60; id++) {
      server.all.push(id);
      store().received(chat(id));
    }
    for (let id = 61; id <= 200; id++) {
      server.all.push(id);
      if (id % 3 !== 0) store().received(chat(id));
    }
    // 70 was deleted through the other instance: no 'chat:deleted' came.
    server.all.splice(server.all.indexOf(70), 1);
    const catching = store().refreshLoaded();
    server.all.push(201);
    store().received(chat(201));
    await catching;
    expect(room()).toEqual(range(1, 201).filter((id) => id !== 70));
  });

  it('a catch-up whose request is cut (the instance died) tries again until it has every post', async () => {
    vi.useFakeTimers();
    try {
      const server = outage();
      server.all.push(...range(1, 30));
      await store().fetch('reserve');
      for (let id = 31; id <= 150; id++) {
        server.all.push(id);
        if (id % 2 === 0) store().received(chat(id));
      }
      server.cutNext(2);
      const catching = store().refreshLoaded();
      await vi.advanceTimersByTimeAsync(30_000);
      await catching;
      expect(room()).toEqual(range(1, 150));
      expect(store().rooms.reserve.error).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
