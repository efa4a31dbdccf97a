// The direct-message store fed as the app feeds it: one's own send (stand-in, then the answer) and
// the socket's events in either order; unread counts and read marks. fetch is stubbed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary, CurrentUser, DirectMessage, MessageUser } from '#protocol/shapes.ts';
import { useMessagesStore } from './useMessagesStore.ts';
import { heldFirstAnswer as held } from './heldFetch.fixture.ts';
import { pagedRoom, range } from './messageServer.fixture.ts';
import { useSessionStore } from './useSessionStore.ts';

const ME = 7;
const OTHER = 8;
const person = (id: number): MessageUser => ({
  id,
  firstName: `F${id}`,
  lastName: `L${id}`,
  profileImageUrl: null,
  employeeNumber: String(id),
});

function dm(id: number, over: Partial<DirectMessage> = {}): DirectMessage {
  const fromUserId = over.fromUserId ?? OTHER;
  const toUserId = over.toUserId ?? (fromUserId === ME ? OTHER : ME);
  return {
    id,
    fromUserId,
    toUserId,
    fromUser: person(fromUserId),
    toUser: person(toUserId),
    content: `m${id}`,
    isRead: false,
    createdAt: new Date(Date.UTC(2030, 0, 1, 0, id)).toISOString(),
    attachments: [],
    clientKey: null,
    ...over,
  };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const store = () => useMessagesStore.getState();
const thread = (id = OTHER) => store().threads[id]?.messages.map((m) => m.id) ?? [];

beforeEach(() => {
  useSessionStore.setState({ user: { id: ME, firstName: 'Me', lastName: 'Self' } as CurrentUser, loading: false });
  store().reset();
});
afterEach(() => vi.unstubAllGlobals());

async function openWith(messages: DirectMessage[], conversations: ConversationSummary[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/messages/recent' ? json(conversations) : json({ user: person(OTHER), messages, nextBefore: null }),
    ),
  );
  await store().fetchConversations();
  await store().openThread(OTHER);
}

describe('own sends', () => {
  it('show at once, and the answer and the event for them leave one message, in either order', async () => {
    await openWith([dm(1)]);
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const sending = store().send(person(OTHER), 'hello', [], 'key-12345678');
    expect(thread()).toHaveLength(2);
    expect(store().threads[OTHER]!.messages[1]!.id).toBeLessThan(0);
    const saved = dm(2, { fromUserId: ME, content: 'hello', clientKey: 'key-12345678' });
    store().received(saved); // the event first
    expect(thread()).toEqual([1, 2]);
    answer(json(saved, 201));
    await sending;
    expect(thread()).toEqual([1, 2]);
    expect(store().conversations[0]!.lastMessage.id).toBe(2);
    expect(store().conversations[0]!.unreadCount).toBe(0);
  });

  it('a failed send removes the stand-in and throws', async () => {
    await openWith([dm(1)]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ message: 'no' }, 500)),
    );
    await expect(store().send(person(OTHER), 'hi', [], 'key-abcdefgh')).rejects.toThrow();
    expect(thread()).toEqual([1]);
  });

  it('sends multipart with the images under attachments and a single space for image-only text', async () => {
    await openWith([]);
    const fetchMock = vi.fn(async () => json(dm(5, { fromUserId: ME, content: ' ', clientKey: 'key-imageonly' }), 201));
    vi.stubGlobal('fetch', fetchMock);
    await store().send(person(OTHER), '', [new File(['x'], 'a.png', { type: 'image/png' })], 'key-imageonly');
    const body = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body as FormData;
    expect(body.get('content')).toBe(' ');
    expect(body.get('clientKey')).toBe('key-imageonly');
    expect(body.get('toUserId')).toBe(String(OTHER));
    expect((body.getAll('attachments')[0] as File).name).toBe('a.png');
  });
});

describe('incoming messages and read marks', () => {
  it('a new message moves its conversation to the top and counts once as unread, even if the event repeats', async () => {
    const third = 9;
    await openWith(
      [],
      [
        { user: person(third), lastMessage: dm(3, { fromUserId: third }), unreadCount: 0 },
        { user: person(OTHER), lastMessage: dm(1), unreadCount: 0 },
      ],
    );
    store().setActive(null);
    store().received(dm(4));
    store().received(dm(4));
    expect(store().conversations.map((c) => c.user.id)).toEqual([OTHER, third]);
    expect(store().conversations[0]!.unreadCount).toBe(1);
    expect(thread()).toEqual([4]);
  });

  it('a message in the open conversation is marked read at once', async () => {
    await openWith([dm(1, { isRead: true })], [{ user: person(OTHER), lastMessage: dm(1, { isRead: true }), unreadCount: 0 }]);
    const fetchMock = vi.fn(async () => json({ message: 'ok' }));
    vi.stubGlobal('fetch', fetchMock);
    store().setActive(OTHER);
    store().received(dm(2));
    expect(store().conversations[0]!.unreadCount).toBe(0);
    expect(store().threads[OTHER]!.messages[1]!.isRead).toBe(true);
    expect(fetchMock.mock.calls.map((c) => String((c as unknown[])[0]))).toContain(`/api/messages/${OTHER}/mark-read`);
  });

  it('message:read from the other person marks one’s own messages read', async () => {
    await openWith([dm(1, { fromUserId: ME }), dm(2, { fromUserId: ME })]);
    store().read({ readerId: OTHER, otherUserId: ME });
    expect(store().threads[OTHER]!.messages.every((m) => m.isRead)).toBe(true);
  });

  it('conversation:deleted removes the conversation and its thread', async () => {
    await openWith([dm(1)], [{ user: person(OTHER), lastMessage: dm(1), unreadCount: 1 }]);
    store().conversationRemoved(OTHER);
    expect(store().conversations).toEqual([]);
    expect(store().threads[OTHER]).toBeUndefined();
  });

  it('a reconnect refetches the loaded thread and fills what was missed without doubles', async () => {
    await openWith([dm(1), dm(2)]);
    store().received(dm(3));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/messages/recent' ? json([]) : json({ user: person(OTHER), messages: [dm(1), dm(2), dm(3), dm(4)], nextBefore: null }),
      ),
    );
    await store().refreshLoaded();
    expect(thread()).toEqual([1, 2, 3, 4]);
  });
});

describe('read marks against late copies', () => {
  it('a copy from before the read (the answer after message:read) does not take the mark back', async () => {
    await openWith([]);
    const stored = dm(3, { fromUserId: ME, clientKey: 'key-late-answer' });
    store().received(stored); // the sender's own event copy
    store().read({ readerId: OTHER, otherUserId: ME });
    store().received(stored); // the answer to the POST, isRead false as stored
    expect(store().threads[OTHER]!.messages[0]!.isRead).toBe(true);
  });

  it('a read while one’s own send is on its way is checked against the server when the send lands', async () => {
    await openWith([]);
    store().received({ ...dm(-9, { fromUserId: ME, clientKey: 'key-in-flight' }) });
    store().read({ readerId: OTHER, otherUserId: ME });
    expect(store().threads[OTHER]!.messages[0]!.isRead).toBe(false);
    const fetchMock = vi.fn(async () =>
      json({ user: person(OTHER), messages: [dm(4, { fromUserId: ME, clientKey: 'key-in-flight', isRead: true })], nextBefore: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    store().received(dm(4, { fromUserId: ME, clientKey: 'key-in-flight' }));
    await vi.waitFor(() => expect(store().threads[OTHER]!.messages[0]!.isRead).toBe(true));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(`/api/messages/${OTHER}`);
  });
});

describe('paging (docs/decisions/0020)', () => {
  const cursorOf = (keys: unknown[]) => btoa(JSON.stringify(keys)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

  it('a thread catches up after a reconnect reading back from its newest page to the messages it holds, every page until joined', async () => {
    const server = pagedRoom(`/api/messages/${OTHER}`, (id) => dm(id), { user: person(OTHER) });
    server.all.push(...range(1, 30));
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown) => server.answer(input) ?? Promise.resolve(json([]))),
    );
    await store().openThread(OTHER);
    server.all.push(...range(31, 160));
    await store().refreshLoaded();
    expect(thread()).toEqual(range(1, 160));
    expect(server.calls.slice(1)).toEqual([
      `/api/messages/${OTHER}`,
      `/api/messages/${OTHER}?before=111`,
      `/api/messages/${OTHER}?before=61`,
      `/api/messages/${OTHER}?before=11`,
    ]);
  });

  it('the conversation list loads more conversations when asked, and a refresh reads as many pages again', async () => {
    const conv = (id: number): ConversationSummary => ({
      user: person(id),
      lastMessage: dm(1000 - id, { fromUserId: id, toUserId: ME }),
      unreadCount: 0,
    });
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        asked.push(input);
        const second = input.includes('cursor=');
        const headers = second ? undefined : { 'X-Next-Cursor': cursorOf([998]) };
        return new Response(JSON.stringify(second ? [conv(3)] : [conv(1), conv(2)]), { headers });
      }),
    );
    await store().fetchConversations();
    expect(store().conversations.map((c) => c.user.id)).toEqual([1, 2]);
    expect(store().conversationsNext).not.toBeNull();
    await store().loadMoreConversations();
    expect(store().conversations.map((c) => c.user.id)).toEqual([1, 2, 3]);
    expect(store().conversationsNext).toBeNull();
    await store().fetchConversations();
    expect(asked).toEqual([
      '/api/messages/recent',
      `/api/messages/recent?cursor=${cursorOf([998])}`,
      '/api/messages/recent',
      `/api/messages/recent?cursor=${cursorOf([998])}`,
    ]);
  });
});

describe('a thread whose first load is under way when the socket connects or an event comes', () => {
  const heldFirstAnswer = (first: number[], later: () => Response) =>
    held(() => json({ user: person(OTHER), messages: first.map((id) => dm(id)), nextBefore: null }), later);

  it('keeps a message that came live while the first page was on its way (the page was read before it)', async () => {
    const release = heldFirstAnswer([1, 2], () => json([]));
    const opening = store().openThread(OTHER);
    store().received(dm(3));
    release();
    await opening;
    expect(thread()).toEqual([1, 2, 3]);
  });

  it('a reconnect during the first load catches the thread up once the page is in', async () => {
    // The page was read before the socket joined its rooms: 3 and 4 came in between, no event told.
    const release = heldFirstAnswer([1, 2], () =>
      json({ user: person(OTHER), messages: [1, 2, 3, 4].map((id) => dm(id)), nextBefore: null }),
    );
    const opening = store().openThread(OTHER);
    const catching = store().refreshLoaded();
    release();
    await Promise.all([opening, catching]);
    expect(thread()).toEqual([1, 2, 3, 4]);
  });
});

describe('a Redis outage: more than a page heard live after the first message missed (issue 40)', () => {
  function outage() {
    const server = pagedRoom(`/api/messages/${OTHER}`, (id) => dm(id, { fromUserId: id % 2 === 0 ? ME : OTHER }), { user: person(OTHER) });
    vi.stubGlobal(
      'fetch',
      vi.fn((input: unknown) => server.answer(input) ?? Promise.resolve(json([]))),
    );
    return server;
  }

  it('after the reconnect every message is there, in order, once', async () => {
    const server = outage();
    server.all.push(...range(1, 30));
    await store().openThread(OTHER);
    // Redis away, the socket still up: the other person's messages go through the other instance
    // (no event comes), one's own from another tab through this one (heard): 60 heard after the first missed.
    for (let id = 31; id <= 150; id++) {
      server.all.push(id);
      if (id % 2 === 0) store().received(dm(id, { fromUserId: ME }));
    }
    expect(thread()).toHaveLength(30 + 60);
    await store().refreshLoaded();
    expect(thread()).toEqual(range(1, 150));
    await store().refreshLoaded();
    expect(thread()).toEqual(range(1, 150));
  });

  it('a catch-up whose request is cut tries again until it has every message', async () => {
    vi.useFakeTimers();
    try {
      const server = outage();
      server.all.push(...range(1, 30));
      await store().openThread(OTHER);
      for (let id = 31; id <= 150; id++) {
        server.all.push(id);
        if (id % 2 === 0) store().received(dm(id, { fromUserId: ME }));
      }
      server.cutNext(1);
      const catching = store().refreshLoaded();
      await vi.advanceTimersByTimeAsync(30_000);
      await catching;
      expect(thread()).toEqual(range(1, 150));
      expect(store().threads[OTHER]!.error).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
