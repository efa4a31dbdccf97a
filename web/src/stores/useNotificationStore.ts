// The bell's lists: match notifications (GET /api/notifications, POST /api/notifications/acknowledge)
// and trade-request notifications (GET /api/trade-request-notifications, POST
// .../{tradeRequestId}/mark-read). Both are refetched together on 'notifications:changed' (the event
// carries no list) and whenever the bell opens (spec: notification data is always refetched).
// After a reconnect they are tried again until both answer (refetch.ts).
import { newestFirst } from '../lib/format.ts';
import { create } from 'zustand';
import type { MatchNotification, OfferNotificationItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { refetchUntilRight } from './refetch.ts';
import { liveStore } from './liveStores.ts';

interface NotificationState {
  matches: MatchNotification[];
  /** Unread trade-request notifications, newest first. */
  offers: OfferNotificationItem[];
  loaded: boolean;
  /** Reloads the list; calls while one runs share one more load after it (events come in bursts). */
  fetch: () => Promise<void>;
  /** fetch after a reconnect, tried again until both lists answer. */
  refresh: () => Promise<void>;
  /** The list as the server gave it, less what was acknowledged here since. */
  received: (list: MatchNotification[]) => void;
  /** POST /api/notifications/acknowledge; the notification leaves the list at once (the counts follow by socket). */
  acknowledge: (matchId: number) => Promise<void>;
  /** A match's notification was acknowledged: it leaves, and an answer already on its way does not bring it back. */
  acknowledged: (matchId: number) => void;
  /** The offer notifications as the server gave them, less what was marked read here since. */
  receivedOffers: (list: OfferNotificationItem[]) => void;
  /** POST .../{tradeRequestId}/mark-read; the notification leaves the list at once. */
  markOfferRead: (tradeRequestId: number) => Promise<void>;
  /** Marks every unread trade-request notification read (the Trades screen's load). */
  markAllOffersRead: () => Promise<void>;
  reset: () => void;
}

/** Matches acknowledged here (an acknowledgement is for good). */
let acknowledgedIds = new Set<number>();
/** Offers whose notifications were marked read here (also for good: a read one never turns unread). */
let readOfferIds = new Set<number>();
let running: Promise<void> | null = null;
let again: Promise<void> | null = null;
let generation = 0;
/** Why the last load left a list as it was (null: both answered). */
let lastFailure: unknown = null;
/** What refresh names in the catching-up list. */
const owner = {};

export const useNotificationStore = create<NotificationState>((set, get) => {
  async function load(mine: number): Promise<void> {
    // Either list failing leaves the other to show; the failed one keeps what it had.
    const [matches, offers] = await Promise.allSettled([api.get('/api/notifications'), api.get('/api/trade-request-notifications')]);
    if (mine !== generation) return;
    if (matches.status === 'fulfilled') get().received(Array.isArray(matches.value) ? matches.value : []);
    if (offers.status === 'fulfilled') get().receivedOffers(Array.isArray(offers.value) ? offers.value : []);
    lastFailure = matches.status === 'rejected' ? matches.reason : offers.status === 'rejected' ? offers.reason : null;
    set({ loaded: true });
  }

  return {
    matches: [],
    offers: [],
    loaded: false,
    fetch: () => {
      const mine = generation;
      if (!running) {
        running = load(mine).finally(() => {
          running = null;
        });
        return running;
      }
      // One is under way and may have been answered before the change: one more after it.
      again ??= running.then(() => {
        again = null;
        return get().fetch();
      });
      return again;
    },
    refresh: () => {
      const mine = generation;
      return refetchUntilRight(
        owner,
        async () => {
          await get().fetch();
          if (lastFailure !== null) throw lastFailure;
        },
        { wanted: () => mine === generation },
      );
    },
    received: (list) => set({ matches: list.filter((n) => !acknowledgedIds.has(n.matchId)), loaded: true }),
    acknowledge: async (matchId) => {
      try {
        await api.post('/api/notifications/acknowledge', { matchId });
      } catch (err) {
        // Gone meanwhile (the match was deleted, say): the list says what is left.
        await get().fetch();
        throw err;
      }
      get().acknowledged(matchId);
    },
    acknowledged: (matchId) => {
      acknowledgedIds.add(matchId);
      set((s) => ({ matches: s.matches.filter((n) => n.matchId !== matchId) }));
    },
    receivedOffers: (list) =>
      set({
        offers: list.filter((n) => !n.isRead && !readOfferIds.has(n.tradeRequestId)).sort(newestFirst),
      }),
    markOfferRead: async (tradeRequestId) => {
      readOfferIds.add(tradeRequestId);
      set((s) => ({ offers: s.offers.filter((n) => n.tradeRequestId !== tradeRequestId) }));
      try {
        await api.post(`/api/trade-request-notifications/${tradeRequestId}/mark-read`, undefined as never);
      } catch {
        // Not marked on the server (gone meanwhile, say): the next load says what is left.
        readOfferIds.delete(tradeRequestId);
      }
    },
    markAllOffersRead: async () => {
      await get().fetch();
      await Promise.all(get().offers.map((n) => get().markOfferRead(n.tradeRequestId)));
    },
    reset: () => {
      generation++;
      lastFailure = null;
      acknowledgedIds = new Set();
      readOfferIds = new Set();
      set({ matches: [], offers: [], loaded: false });
    },
  };
});

liveStore('notifications', {
  stores: [useNotificationStore],
  refresh: () => useNotificationStore.getState().refresh(),
  reset: () => useNotificationStore.getState().reset(),
});
