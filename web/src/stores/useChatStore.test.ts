// The base-chat store: sends matched by clientKey, deletions that stay deleted, rooms kept apart.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, CurrentUser } from '#protocol/shapes.ts';
import { useChatStore } from './useChatStore.ts';
import { heldFirstAnswer as held } from './heldFetch.fixture.ts';
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
  /** A room of `ids` served as the server pages it: ?after= and the cursors, 50 a page, and the newest page. */
  function roomServer(all: number[]) {
    const calls: string[] = [];
    const fetchMock = vi.fn(async (input: unknown) => {
      const url = new URL(String(input), 'http://x');
      calls.push(url.pathname + url.search);
      const cursor = url.searchParams.get('cursor');
      const after = cursor
        ? Number(JSON.parse(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')))[1])
        : Number(url.searchParams.get('after'));
      if (!url.searchParams.has('after') && !cursor) {
        const newest = all.slice(-50);
        return json({ messages: newest.map((id) => chat(id)), nextBefore: all.length > 50 ? newest[0] : null });
      }
      const page = all.filter((id) => id > after).slice(0, 50);
      const more = all.filter((id) => id > after).length > 50;
      const headers = more ? { 'X-Next-Cursor': btoa(JSON.stringify(['a', page.at(-1)])).replace(/=+$/, '') } : undefined;
      return new Response(JSON.stringify({ messages: page.map((id) => chat(id)), nextBefore: page[0] ?? null }), { status: 200, headers });
    });
    vi.stubGlobal('fetch', fetchMock);
    return { calls, all };
  }
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

  it('reads every page since the last messages held, so more than a page missed leaves no gap', async () => {
    const server = roomServer(range(1, 40));
    await store().fetch('reserve');
    expect(room()).toEqual(range(1, 40));
    // Away: 130 posts, and 20 deleted.
    server.all.push(...range(41, 170));
    server.all.splice(19, 1);
    await store().refreshLoaded();
    expect(room()).toEqual(server.all);
    // From one before the oldest of the overlap (all 40 held here), then the cursors: 169 in four pages.
    expect(server.calls.slice(1)).toHaveLength(4);
    expect(server.calls[1]).toBe('/api/base-chat/reserve?after=0');
  });

  it('keeps a message that arrives live while the pages are read, and one sent meanwhile', async () => {
    const server = roomServer(range(1, 60));
    await store().fetch('reserve');
    server.all.push(...range(61, 120));
    const catching = store().refreshLoaded();
    store().received(chat(121));
    await catching;
    expect(room()).toEqual(range(11, 121));
  });

  it('too far behind to read it all: starts again from the newest page, with Load earlier for the rest', async () => {
    const server = roomServer(range(1, 10));
    await store().fetch('reserve');
    server.all.push(...range(11, 3000));
    await store().refreshLoaded();
    expect(room()).toEqual(range(2951, 3000));
    expect(store().rooms.reserve.nextBefore).toBe(2951);
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
