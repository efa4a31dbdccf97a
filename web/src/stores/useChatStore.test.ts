// The base-chat store: sends matched by clientKey, deletions that stay deleted, rooms kept apart.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, CurrentUser } from '#protocol/shapes.ts';
import { useChatStore } from './useChatStore.ts';
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
