// The support and admin-bell stores fed as the app feeds them: the answer to a write, socket events
// and full lists, in any order. fetch is stubbed; these are the store rules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminNotificationItem, CurrentUser, SupportRequestItem } from '#protocol/shapes.ts';
import { unreadOf, useAdminNotificationStore } from './useAdminNotificationStore.ts';
import { useSessionStore } from './useSessionStore.ts';
import { useSupportStore } from './useSupportStore.ts';

const note = (id: number, over: Partial<AdminNotificationItem> = {}): AdminNotificationItem => ({
  id,
  notificationType: 'support_request',
  referenceId: id * 10,
  title: 'New Support Request',
  message: `Crew: subject ${id}`,
  isRead: false,
  createdAt: `2026-11-2${id}T10:00:00.000Z`,
  ...over,
});

const request = (id: number, over: Partial<SupportRequestItem> = {}): SupportRequestItem => ({
  id,
  user: null,
  category: 'bug',
  subject: `Subject ${id}`,
  message: 'A message long enough',
  priority: 'normal',
  status: 'open',
  adminResponse: null,
  admin: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
  ...over,
});

function answer(body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  useAdminNotificationStore.getState().reset();
  useSupportStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ user: null });
});

describe('the admin bell', () => {
  it('keeps the unread entries newest first', () => {
    expect(unreadOf([note(1), note(3, { isRead: true }), note(2)], new Set()).map((n) => n.id)).toEqual([2, 1]);
    expect(unreadOf([note(1), note(2)], new Set([2])).map((n) => n.id)).toEqual([1]);
  });

  it('asks nothing for a crew member', async () => {
    const fetch = answer([note(1)]);
    vi.stubGlobal('fetch', fetch);
    useSessionStore.setState({ user: { id: 1, isAdmin: false } as CurrentUser });
    await useAdminNotificationStore.getState().fetch();
    expect(fetch).not.toHaveBeenCalled();
    expect(useAdminNotificationStore.getState().unread).toEqual([]);
  });

  it('a live entry is added once; one read here never comes back with a late list', async () => {
    useSessionStore.setState({ user: { id: 1, isAdmin: true } as CurrentUser });
    const store = useAdminNotificationStore.getState();
    store.received(note(1));
    store.received(note(1));
    store.received(note(2));
    expect(useAdminNotificationStore.getState().unread.map((n) => n.id)).toEqual([2, 1]);
    vi.stubGlobal('fetch', answer({ message: 'ok' }));
    await store.markRead(2);
    // The list was asked for before the mark was stored: it still says unread.
    vi.stubGlobal('fetch', answer([note(1), note(2)]));
    await store.fetch();
    expect(useAdminNotificationStore.getState().unread.map((n) => n.id)).toEqual([1]);
  });
});

describe('one’s own support requests', () => {
  it('an answer arriving live replaces the request; an older copy arriving late does not undo it', () => {
    const store = useSupportStore.getState();
    store.upsert(request(1));
    const answered = request(1, { status: 'resolved', adminResponse: 'Done', updatedAt: '2026-11-21T10:00:00.000Z' });
    store.upsert(answered);
    store.upsert(request(1));
    expect(useSupportStore.getState().items).toEqual([answered]);
  });

  it('submit adds the new request from the answer', async () => {
    vi.stubGlobal('fetch', answer(request(5)));
    await useSupportStore.getState().submit({ category: 'bug', subject: 'S', message: 'A message long enough' });
    expect(useSupportStore.getState().items.map((r) => r.id)).toEqual([5]);
  });
});
