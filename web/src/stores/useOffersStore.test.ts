// The offer lists fed as the app feeds them: a write's answer (saved) and the socket's events for the
// same offer, in either order. No server: these are the store rules.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser, OfferItem, UserSummary } from '#protocol/shapes.ts';
import { isNewerOffer, offerFormData, useFinishedOffers, useOffersStore, useReceivedOffers, useSentOffers } from './useOffersStore.ts';
import { useSessionStore } from './useSessionStore.ts';

const ME = 7;
const OTHER = 8;

const person = (id: number): UserSummary => ({
  id,
  firstName: `F${id}`,
  lastName: `L${id}`,
  employeeNumber: String(id),
  airline: 'Delta',
  position: 'captain',
  profileImageUrl: null,
});

function offer(id: number, over: Partial<OfferItem> = {}): OfferItem {
  const fromUserId = over.fromUserId ?? OTHER;
  const toUserId = over.toUserId ?? ME;
  return {
    id,
    fromUserId,
    fromUser: person(fromUserId),
    toUserId,
    toUser: person(toUserId),
    requestId: null,
    request: null,
    senderRequestId: null,
    senderRequest: null,
    tradeDate: '2030-01-05',
    offerRoute: `P${id}`,
    offerReservePeriod: null,
    offerTripDays: null,
    requestType: 'pickup',
    message: null,
    status: 'pending',
    closedReason: null,
    createdAt: '2030-01-01T00:00:00.000Z',
    respondedAt: null,
    tradeRequestImages: [],
    counterOfId: null,
    threadId: id,
    acceptedByRule: false,
    ruleNote: null,
    ...over,
  };
}

const ids = (items: { id: number }[]) => items.map((x) => x.id).sort((a, b) => a - b);
const received = () => ids(useReceivedOffers.getState().items);
const sent = () => ids(useSentOffers.getState().items);
const finished = () => useFinishedOffers.getState().items;
const store = () => useOffersStore.getState();

beforeEach(() => {
  useSessionStore.setState({ user: { id: ME } as CurrentUser, loading: false });
  store().reset();
});
afterEach(() => vi.unstubAllGlobals());

describe('which list an offer is in', () => {
  it('a pending offer to me is received, one from me is sent; neither is finished', () => {
    store().saved(offer(1));
    store().saved(offer(2, { fromUserId: ME, toUserId: OTHER }));
    expect(received()).toEqual([1]);
    expect(sent()).toEqual([2]);
    expect(finished()).toEqual([]);
  });

  it('an answered offer moves to finished, whichever of answer and event comes first', () => {
    store().saved(offer(1));
    store().saved(offer(2));
    // 1: the PUT's answer, then the event.
    store().saved(offer(1, { status: 'accepted', respondedAt: '2030-01-02T00:00:00.000Z' }));
    store().updated({ id: 1, status: 'accepted' });
    // 2: the event, then the answer.
    store().updated({ id: 2, status: 'declined' });
    expect(finished().find((o) => o.id === 2)?.respondedAt).toBeNull();
    store().saved(offer(2, { status: 'declined', respondedAt: '2030-01-03T00:00:00.000Z' }));

    expect(received()).toEqual([]);
    expect(finished().map((o) => [o.id, o.status, o.respondedAt])).toEqual([
      [1, 'accepted', '2030-01-02T00:00:00.000Z'],
      [2, 'declined', '2030-01-03T00:00:00.000Z'],
    ]);
  });

  it('a late pending copy (an offer:new after the answer) does not bring an answered offer back', () => {
    store().saved(offer(1, { status: 'accepted', respondedAt: '2030-01-02T00:00:00.000Z' }));
    store().saved(offer(1));
    expect(received()).toEqual([]);
    expect(finished().map((o) => o.status)).toEqual(['accepted']);
  });

  it('a cancelled or hidden offer leaves every list for good', () => {
    store().saved(offer(1));
    store().saved(offer(2, { status: 'declined', respondedAt: '2030-01-02T00:00:00.000Z' }));
    store().updated({ id: 1, status: 'deleted' });
    store().updated({ id: 2, status: 'deleted' });
    store().saved(offer(1));
    store().saved(offer(2, { status: 'declined', respondedAt: '2030-01-02T00:00:00.000Z' }));
    expect(received()).toEqual([]);
    expect(finished()).toEqual([]);
  });

  it('the same offer:new twice shows once', () => {
    const o = offer(1);
    store().saved(o);
    store().saved({ ...o });
    expect(received()).toEqual([1]);
  });

  it('an answer for an offer never held refetches the finished list only when it was loaded', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify([offer(9, { status: 'accepted' })]), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    store().updated({ id: 9, status: 'accepted' });
    expect(fetchMock).not.toHaveBeenCalled();
    await useFinishedOffers.getState().fetch();
    fetchMock.mockClear();
    store().updated({ id: 10, status: 'accepted' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/user-trades');
  });

  it("an offer accepted without this tab's answer (the standing rule's) reads the finished list again for how; its own answer does not", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Response(JSON.stringify(offer(2, { status: 'accepted', respondedAt: '2030-01-02T00:00:00.000Z' })), { status: 200 })
        : new Response(JSON.stringify([offer(1, { status: 'accepted', acceptedByRule: true, respondedAt: '2030-01-02T00:00:00.000Z' })]), {
            status: 200,
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await useFinishedOffers.getState().fetch();
    store().saved(offer(1));
    store().saved(offer(2));
    fetchMock.mockClear();
    // 2: the user's own Accept, its event before its answer.
    const answering = store().respond(2, 'accepted');
    store().updated({ id: 2, status: 'accepted' });
    await answering;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // 1: accepted by the rule.
    store().updated({ id: 1, status: 'accepted' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(String((fetchMock.mock.calls[1] as unknown[])[0])).toBe('/api/user-trades');
    await vi.waitFor(() => expect(finished().find((o) => o.id === 1)?.acceptedByRule).toBe(true));
  });

  it('a fetch answered before an event does not undo it', async () => {
    store().saved(offer(1));
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const loading = useReceivedOffers.getState().fetch();
    store().updated({ id: 1, status: 'declined' });
    answer(new Response(JSON.stringify([offer(1)]), { status: 200 }));
    await loading;
    expect(received()).toEqual([]);
    expect(finished().map((o) => o.status)).toEqual(['declined']);
  });

  it('removing answers what the server did: a cancel that lost the race to an accept says the trade left the view', async () => {
    store().saved(offer(1, { fromUserId: ME, toUserId: OTHER }));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ message: 'Completed trade removed from your view' }), { status: 200 })),
    );
    await expect(store().remove(1)).resolves.toBe('Completed trade removed from your view');
    expect(sent()).toEqual([]);
  });

  it('a counter-offer lands in Sent and the offer it counters moves to Completed as countered, whichever of answer and event comes first', async () => {
    const counterOf = (id: number) =>
      offer(100 + id, { fromUserId: ME, toUserId: OTHER, counterOfId: id, threadId: id, createdAt: '2030-01-02T00:00:00.000Z' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => new Response(JSON.stringify(counterOf(Number(url.split('/')[3]))), { status: 201 })),
    );
    store().saved(offer(1));
    store().saved(offer(2));
    // 1: the POST's answer, then the event.
    await store().counter(1, { tradeDate: '2030-01-09', offerRoute: 'P9' });
    store().updated({ id: 1, status: 'closed' });
    // 2: the event, then the answer.
    store().updated({ id: 2, status: 'closed' });
    await store().counter(2, { tradeDate: '2030-01-09', offerRoute: 'P9' });

    expect(received()).toEqual([]);
    expect(sent()).toEqual([101, 102]);
    expect(finished().map((o) => [o.id, o.status, o.closedReason, o.respondedAt])).toEqual([
      [1, 'closed', 'countered', '2030-01-02T00:00:00.000Z'],
      [2, 'closed', 'countered', '2030-01-02T00:00:00.000Z'],
    ]);
  });

  it('signing in as someone else empties the lists', () => {
    store().saved(offer(1));
    useSessionStore.setState({ user: { id: 99 } as CurrentUser });
    expect(received()).toEqual([]);
  });
});

describe('offer rules', () => {
  it('an answered copy is newer than a pending one, and the server copy newer than a local stand-in', () => {
    expect(isNewerOffer(offer(1, { status: 'accepted' }), offer(1))).toBe(true);
    expect(isNewerOffer(offer(1), offer(1, { status: 'declined' }))).toBe(false);
    expect(isNewerOffer(offer(1, { status: 'accepted', respondedAt: 'x' }), offer(1, { status: 'accepted' }))).toBe(true);
    expect(isNewerOffer(offer(1, { status: 'accepted' }), offer(1, { status: 'accepted', respondedAt: 'x' }))).toBe(false);
  });

  it('the multipart form carries the set fields as text and one tradeRequestImages part per file', () => {
    const file = new File(['x'], 'shot.png', { type: 'image/png' });
    const data = offerFormData(
      { toUserId: 3, requestId: 4, tradeDate: '2030-01-05', offerRoute: 'ABC', offerReservePeriod: null, requestType: 'drop', message: '' },
      [file, file],
    );
    expect([...data.keys()]).toEqual([
      'toUserId',
      'requestId',
      'tradeDate',
      'offerRoute',
      'requestType',
      'tradeRequestImages',
      'tradeRequestImages',
    ]);
    expect(data.get('toUserId')).toBe('3');
    expect((data.get('tradeRequestImages') as File).name).toBe('shot.png');
  });
});
