// Navigation badge counts: GET /api/dashboard/stats on load and after a reconnect (tried again
// until it succeeds: refetch.ts); otherwise the 'badges' socket event, which the server sends after
// every write that moves a count.
import { create } from 'zustand';
import type { DashboardStats } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { refetchUntilRight } from './refetch.ts';
import { liveStore } from './liveStores.ts';

interface BadgeState {
  stats: DashboardStats | null;
  /** The counts of a 'badges' event. */
  set: (stats: DashboardStats) => void;
  fetch: () => Promise<void>;
  /** fetch after a reconnect, tried again until it succeeds (or an event brings the counts). */
  refresh: () => Promise<void>;
  reset: () => void;
}

/** Moves on with each change of the counts: an answer to an older fetch does not overwrite an event. */
let version = 0;

/** What refresh names in the catching-up list. */
const owner = {};

export const useBadgeStore = create<BadgeState>((set) => {
  /** Reads the counts; throws when the request fails. */
  async function load(started: number): Promise<void> {
    const stats = await api.get('/api/dashboard/stats');
    if (started === version) set({ stats });
  }
  return {
    stats: null,
    set: (stats) => {
      version++;
      set({ stats });
    },
    fetch: async () => {
      try {
        await load(++version);
      } catch {
        // keep the last known counts
      }
    },
    refresh: () => {
      let started = 0;
      // An event's counts (or a reset) meanwhile: nothing left to fetch.
      return refetchUntilRight(owner, () => load((started = ++version)), { wanted: () => started === version });
    },
    reset: () => {
      version++;
      set({ stats: null });
    },
  };
});

liveStore('badges', {
  stores: [useBadgeStore],
  refresh: () => useBadgeStore.getState().refresh(),
  reset: () => useBadgeStore.getState().reset(),
});
