// Navigation badge counts: GET /api/dashboard/stats on load and after a reconnect; otherwise the
// 'badges' socket event, which the server sends after every write that moves a count.
import { create } from 'zustand';
import type { DashboardStats } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';

interface BadgeState {
  stats: DashboardStats | null;
  /** The counts of a 'badges' event. */
  set: (stats: DashboardStats) => void;
  fetch: () => Promise<void>;
  reset: () => void;
}

/** Moves on with each change of the counts: an answer to an older fetch does not overwrite an event. */
let version = 0;

export const useBadgeStore = create<BadgeState>((set) => ({
  stats: null,
  set: (stats) => {
    version++;
    set({ stats });
  },
  fetch: async () => {
    const started = ++version;
    try {
      const stats = await api.get('/api/dashboard/stats');
      if (started === version) set({ stats });
    } catch {
      // keep the last known counts
    }
  },
  reset: () => {
    version++;
    set({ stats: null });
  },
}));
