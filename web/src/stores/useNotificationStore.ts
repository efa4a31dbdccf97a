// Match notifications for the bell (GET /api/notifications), refetched on 'notifications:changed'
// (the event carries no list), and POST /api/notifications/acknowledge.
import { create } from 'zustand';
import type { MatchNotification } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';

interface NotificationState {
  matches: MatchNotification[];
  loaded: boolean;
  /** Reloads the list; calls while one runs share one more load after it (events come in bursts). */
  fetch: () => Promise<void>;
  /** The list as the server gave it, less what was acknowledged here since. */
  received: (list: MatchNotification[]) => void;
  /** POST /api/notifications/acknowledge; the notification leaves the list at once (the counts follow by socket). */
  acknowledge: (matchId: number) => Promise<void>;
  /** A match's notification was acknowledged: it leaves, and an answer already on its way does not bring it back. */
  acknowledged: (matchId: number) => void;
  reset: () => void;
}

/** Matches acknowledged here (an acknowledgement is for good). */
let acknowledgedIds = new Set<number>();
let running: Promise<void> | null = null;
let again: Promise<void> | null = null;
let generation = 0;

export const useNotificationStore = create<NotificationState>((set, get) => {
  async function load(mine: number): Promise<void> {
    try {
      const list = await api.get('/api/notifications');
      if (mine === generation) get().received(Array.isArray(list) ? list : []);
    } catch {
      if (mine === generation) set({ loaded: true });
    }
  }

  return {
    matches: [],
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
    reset: () => {
      generation++;
      acknowledgedIds = new Set();
      set({ matches: [], loaded: false });
    },
  };
});
