// An admin's bell entries (GET /api/admin/notifications, POST .../{id}/mark-read): the unread ones.
// 'admin:notification' adds a new one at once; 'admin:notifications-changed' (read in another tab)
// reloads. Only admins call these routes (the server refuses everyone else).
import { create } from 'zustand';
import type { AdminNotificationItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { newestFirst } from '../lib/format.ts';
import { refetchUntilRight } from './refetch.ts';
import { useSessionStore } from './useSessionStore.ts';
import { liveStore } from './liveStores.ts';

interface AdminNotificationState {
  /** Unread, newest first. */
  unread: AdminNotificationItem[];
  /** Loads the list for an admin; does nothing for anyone else. */
  fetch: () => Promise<void>;
  /** fetch after a reconnect, tried again until it succeeds. */
  refresh: () => Promise<void>;
  received: (notification: AdminNotificationItem) => void;
  /** Leaves the list at once; the server marks it read. */
  markRead: (id: number) => Promise<void>;
  reset: () => void;
}

/** Read here: a late list or event does not bring them back. */
let readIds = new Set<number>();
let generation = 0;

/** The unread entries of `list`, less those read here, newest first. */
export function unreadOf(list: readonly AdminNotificationItem[], read: ReadonlySet<number>): AdminNotificationItem[] {
  return list.filter((n) => !n.isRead && !read.has(n.id)).sort(newestFirst);
}

/** What refresh names in the catching-up list. */
const owner = {};

export const useAdminNotificationStore = create<AdminNotificationState>((set, get) => {
  /** Reads the list for an admin; throws when the request fails. */
  async function load(mine: number): Promise<void> {
    if (!useSessionStore.getState().user?.isAdmin) return;
    const list = await api.get('/api/admin/notifications');
    if (mine === generation) set({ unread: unreadOf(Array.isArray(list) ? list : [], readIds) });
  }
  return {
    unread: [],
    fetch: async () => {
      try {
        await load(++generation);
      } catch {
        // The bell keeps what it has; the next event or opening reloads.
      }
    },
    refresh: () => {
      let mine = 0;
      return refetchUntilRight(owner, () => load((mine = ++generation)), { wanted: () => mine === generation });
    },
    received: (n) => {
      if (get().unread.some((x) => x.id === n.id)) return;
      set((s) => ({ unread: unreadOf([n, ...s.unread], readIds) }));
    },
    markRead: async (id) => {
      readIds.add(id);
      set((s) => ({ unread: s.unread.filter((n) => n.id !== id) }));
      await api.post(`/api/admin/notifications/${id}/mark-read`, undefined as never);
    },
    reset: () => {
      generation++;
      readIds = new Set();
      set({ unread: [] });
    },
  };
});

liveStore('admin notifications', {
  stores: [useAdminNotificationStore],
  refresh: () => useAdminNotificationStore.getState().refresh(),
  reset: () => useAdminNotificationStore.getState().reset(),
});
