// Navigation badge counts: GET /api/dashboard/stats on load, then the 'badges' socket event.
import { create } from 'zustand';
import type { DashboardStats } from '../../../protocol/shapes.ts';
import { api } from '../api/client.ts';

interface BadgeState {
  stats: DashboardStats | null;
  set: (stats: DashboardStats) => void;
  fetch: () => Promise<void>;
  reset: () => void;
}

export const useBadgeStore = create<BadgeState>((set) => ({
  stats: null,
  set: (stats) => set({ stats }),
  fetch: async () => {
    try {
      set({ stats: await api.get<DashboardStats>('/api/dashboard/stats') });
    } catch {
      // keep the last known counts
    }
  },
  reset: () => set({ stats: null }),
}));
