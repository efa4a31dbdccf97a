import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchNotification, OfferNotificationItem } from '#protocol/shapes.ts';
import { useNotificationStore } from './useNotificationStore.ts';

const notice = (matchId: number): MatchNotification => ({
  type: 'match',
  matchId,
  title: 'New Match Found!',
  message: `match ${matchId}`,
  createdAt: '2030-01-01T00:00:00.000Z',
});
const store = () => useNotificationStore.getState();

beforeEach(() => store().reset());

describe('the bell list', () => {
  it('an acknowledged notification leaves at once, and a list answered before the acknowledgement does not bring it back', () => {
    store().received([notice(1), notice(2)]);
    store().acknowledged(1);
    expect(store().matches.map((n) => n.matchId)).toEqual([2]);
    store().received([notice(1), notice(2), notice(3)]);
    expect(store().matches.map((n) => n.matchId)).toEqual([2, 3]);
  });

  it('a sign-out forgets what was acknowledged with the list', () => {
    store().acknowledged(1);
    store().reset();
    store().received([notice(1)]);
    expect(store().matches.map((n) => n.matchId)).toEqual([1]);
  });
});

const offerNotice = (tradeRequestId: number, over: Partial<OfferNotificationItem> = {}): OfferNotificationItem => ({
  id: tradeRequestId * 10,
  tradeRequestId,
  type: 'trade_request',
  isRead: false,
  title: 'New Trade Request',
  message: `offer ${tradeRequestId}`,
  createdAt: `2030-01-0${tradeRequestId}T00:00:00.000Z`,
  ...over,
});

describe('the bell trade-request list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the unread ones, newest first', () => {
    store().receivedOffers([offerNotice(1), offerNotice(3), offerNotice(2, { isRead: true })]);
    expect(store().offers.map((n) => n.tradeRequestId)).toEqual([3, 1]);
  });

  it('one marked read leaves at once, is posted by its offer id, and a list answered before does not bring it back', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify({ message: 'ok' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    store().receivedOffers([offerNotice(1), offerNotice(2)]);
    await store().markOfferRead(1);
    expect(store().offers.map((n) => n.tradeRequestId)).toEqual([2]);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/trade-request-notifications/1/mark-read',
    ]);
    store().receivedOffers([offerNotice(1), offerNotice(2)]);
    expect(store().offers.map((n) => n.tradeRequestId)).toEqual([2]);
  });

  it('a mark-read the server refused lets the next list show it again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('nope', { status: 500 })),
    );
    store().receivedOffers([offerNotice(1)]);
    await store().markOfferRead(1);
    expect(store().offers).toEqual([]);
    store().receivedOffers([offerNotice(1)]);
    expect(store().offers.map((n) => n.tradeRequestId)).toEqual([1]);
  });

  it('one load fetches both lists; a failing one keeps the other', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/notifications'
          ? new Response('boom', { status: 500 })
          : new Response(JSON.stringify([offerNotice(4)]), { status: 200 }),
      ),
    );
    store().received([notice(1)]);
    await store().fetch();
    expect(store().matches.map((n) => n.matchId)).toEqual([1]);
    expect(store().offers.map((n) => n.tradeRequestId)).toEqual([4]);
  });
});
