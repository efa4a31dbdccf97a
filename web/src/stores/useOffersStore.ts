// Trade offers (spec: trade requests) in three lists, as the Trades screen shows them: received
// (GET /api/trade-requests: pending offers to the user), sent (GET /api/sent-trade-requests: the
// user's pending offers) and finished (GET /api/user-trades: accepted and declined, both ways, less
// those the user hid). One offer lives in at most one list: each list keeps only what belongs to it,
// so a copy with a new status simply moves. Offers reach the lists from the answers of the user's
// own writes and from 'offer:new' / 'offer:update', in any order (keyedList.ts).
import { create } from 'zustand';
import type { OfferStatus } from '#protocol/enums.ts';
import type { CounterInput, OfferInput } from '#protocol/schemas/offers.ts';
import type { OfferItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { listStore, type ListState } from './listStore.ts';
import { itself, newestFirstBy, pagesOf } from './paging.ts';
import { useMatchesStore } from './useMatchesStore.ts';
import { useNotificationStore } from './useNotificationStore.ts';
import { useSessionStore } from './useSessionStore.ts';
import { liveStore } from './liveStores.ts';

const myId = () => useSessionStore.getState().user?.id;

/** An offer's place in its life: pending, then answered. A copy further along is the newer one. */
const stage = (offer: Pick<OfferItem, 'status'>) => (offer.status === 'pending' ? 0 : 1);

/** True when `a` is a strictly later copy of the same offer than `b` (answered beats pending). */
export function isNewerOffer(a: OfferItem, b: OfferItem): boolean {
  if (stage(a) !== stage(b)) return stage(a) > stage(b);
  // Two answered copies: the one that carries the answer time (the server's) beats a local stand-in.
  return Boolean(a.respondedAt && !b.respondedAt);
}

/** The user received this offer (else they sent it). */
export const isReceived = (offer: Pick<OfferItem, 'toUserId'>, userId = myId()) => offer.toUserId === userId;

export const useReceivedOffers = create<ListState<OfferItem>>()(
  listStore<OfferItem>(pagesOf('/api/trade-requests', itself<OfferItem>), {
    keep: (o) => o.status === 'pending' && isReceived(o),
    isNewer: isNewerOffer,
    order: newestFirstBy('createdAt'),
  }),
);

export const useSentOffers = create<ListState<OfferItem>>()(
  listStore<OfferItem>(pagesOf('/api/sent-trade-requests', itself<OfferItem>), {
    keep: (o) => o.status === 'pending' && o.fromUserId === myId(),
    isNewer: isNewerOffer,
    order: newestFirstBy('createdAt'),
  }),
);

export const useFinishedOffers = create<ListState<OfferItem>>()(
  listStore<OfferItem>(pagesOf('/api/user-trades', itself<OfferItem>), {
    keep: (o) => o.status !== 'pending',
    isNewer: isNewerOffer,
    order: newestFirstBy('respondedAt'),
  }),
);

const LISTS = [useReceivedOffers, useSentOffers, useFinishedOffers] as const;

/** The copy of an offer held in any list. */
function held(id: number): OfferItem | undefined {
  for (const list of LISTS) {
    const found = list.getState().items.find((o) => o.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Offers this tab is answering: their 'offer:update' is explained by the answer to come. */
const answering = new Set<number>();

/** The finished list read again, where it was loaded: an answer that came without its details. */
function refetchFinished() {
  if (useFinishedOffers.getState().loaded) void useFinishedOffers.getState().fetch();
}

/** The multipart form of an offer: the same fields as the JSON body, plus one part per screenshot. */
export function offerFormData(body: OfferInput, files: readonly File[]): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null && value !== '') data.append(key, String(value));
  }
  for (const file of files) data.append('tradeRequestImages', file, file.name);
  return data;
}

interface OffersState {
  /** POST /api/trade-requests: JSON, or multipart when screenshots come along. */
  send: (body: OfferInput, files?: readonly File[]) => Promise<OfferItem>;
  /**
   * After an offer sent from a match: PUT /api/matches/:id/status {trade_requested}. The server also
   * acknowledges the match's notification; the match leaves the list (Matches hides trade_requested).
   */
  markMatchRequested: (matchId: number) => Promise<void>;
  /**
   * POST /api/trade-requests/:id/counter by the recipient (docs/decisions/0045): the counter-offer
   * lands in Sent, and the offer it counters closes (countered) at once, leaving Requests for
   * Completed; the server's 'offer:update' for it changes nothing more.
   */
  counter: (id: number, body: CounterInput) => Promise<OfferItem>;
  /** PUT /api/trade-requests/:id by the recipient. */
  respond: (id: number, status: Extract<OfferStatus, 'accepted' | 'declined'>) => Promise<OfferItem>;
  /**
   * DELETE /api/trade-requests/:id: the sender cancels a pending offer, or either side hides a
   * finished one. Answers the server's message, which says which happened: a cancel that lost the
   * race to an accept became a hide of the completed trade.
   */
  remove: (id: number) => Promise<string>;
  /** A full copy of an offer (a write's answer or 'offer:new'): it lands in the list it belongs to and leaves the others. */
  saved: (offer: OfferItem) => void;
  /** 'offer:update': answered, or gone from the user's view (cancelled or hidden). */
  updated: (change: { id: number; status: OfferStatus | 'deleted' }) => void;
  /** The three lists from the server (the Trades screen's load). */
  fetchAll: () => Promise<void>;
  /** After a reconnect: the lists already loaded, again, each tried again until it succeeds. */
  refreshLoaded: () => Promise<void>;
  reset: () => void;
}

export const useOffersStore = create<OffersState>()((_set, get) => ({
  send: async (body, files = []) => {
    const offer = await api.post('/api/trade-requests', files.length > 0 ? offerFormData(body, files) : body);
    get().saved(offer);
    return offer;
  },

  markMatchRequested: async (matchId) => {
    const match = await api.put(`/api/matches/${matchId}/status`, { status: 'trade_requested' });
    useMatchesStore.getState().upsert(match);
    useNotificationStore.getState().acknowledged(matchId);
  },

  counter: async (id, body) => {
    const counter = await api.post(`/api/trade-requests/${id}/counter`, body);
    const countered = held(id);
    // The server closed it as the counter was stored: the counter's time is its answer time.
    if (countered)
      get().saved({ ...countered, status: 'closed', closedReason: 'countered', respondedAt: countered.respondedAt ?? counter.createdAt });
    get().saved(counter);
    return counter;
  },

  respond: async (id, status) => {
    answering.add(id);
    try {
      const offer = await api.put(`/api/trade-requests/${id}`, { status });
      get().saved(offer);
      return offer;
    } finally {
      answering.delete(id);
    }
  },

  remove: async (id) => {
    const { message } = await api.delete(`/api/trade-requests/${id}`);
    for (const list of LISTS) list.getState().markDeleted(id);
    return message;
  },

  saved: (offer) => {
    for (const list of LISTS) list.getState().upsert(offer);
  },

  updated: ({ id, status }) => {
    if (status === 'deleted') {
      for (const list of LISTS) list.getState().markDeleted(id);
      return;
    }
    const copy = held(id);
    if (copy) {
      // The event carries no answer time: the write's answer (or a refetch) brings the server's.
      if (copy.status !== status) get().saved({ ...copy, status });
      // Accepted with no answer of this tab's on the way: by the user's standing rule (or another
      // tab). Only the server's copy says which, and when (docs/decisions/0045).
      if (status === 'accepted' && copy.status === 'pending' && isReceived(copy) && !answering.has(id)) refetchFinished();
      return;
    }
    // An offer this tab never held (its lists were not loaded, or it was sent elsewhere): only the
    // server has it in full.
    if (status !== 'pending') refetchFinished();
  },

  fetchAll: async () => {
    await Promise.all(LISTS.map((list) => list.getState().fetch()));
  },

  refreshLoaded: async () => {
    await Promise.all(LISTS.filter((list) => list.getState().loaded).map((list) => list.getState().refresh()));
  },

  reset: () => {
    for (const list of LISTS) list.getState().reset();
  },
}));

// Sign-out's reset has never emptied it (the page leaves for / right after); a change of the
// signed-in user does (below).
liveStore('offers', {
  stores: [useOffersStore, ...LISTS],
  refresh: () => useOffersStore.getState().refreshLoaded(),
});

// Which list an offer belongs to depends on who is signed in: another user starts empty.
useSessionStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useOffersStore.getState().reset();
});
