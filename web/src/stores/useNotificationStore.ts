// Match notifications for the bell: always refetched from GET /api/notifications (never cached).
import { create } from 'zustand';
import type { MatchNotification } from '../../../protocol/shapes.ts';
import { api } from '../api/client.ts';
import { useBadgeStore } from './useBadgeStore.ts';

interface NotificationState {
  matches: MatchNotification[];
  loaded: boolean;
  fetch: () => Promise<void>;
  /** POST /api/notifications/acknowledge, then refetch the list and the counts. */
  acknowledge: (matchId: number) => Promise<void>;
  reset: () => void;
}

export const useNotificationStore = create<NotificationState>((set, get) => ({
  matches: [],
  loaded: false,
  fetch: async () => {
    try {
      const list = await api.get<MatchNotification[]>('/api/notifications');
      set({ matches: Array.isArray(list) ? list : [], loaded: true });
    } catch {
      set({ loaded: true });
    }
  },
  acknowledge: async (matchId) => {
    try {
      await api.post('/api/notifications/acknowledge', { matchId });
    } finally {
      await Promise.all([get().fetch(), useBadgeStore.getState().fetch()]);
    }
  },
  reset: () => set({ matches: [], loaded: false }),
}));
