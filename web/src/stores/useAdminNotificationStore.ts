// An admin's bell entries (GET /api/admin/notifications, POST .../{id}/mark-read): the unread ones.
// 'admin:notification' adds a new one at once; 'admin:notifications-changed' (read in another tab)
// reloads. Only admins call these routes (the server refuses everyone else).
import { create } from 'zustand';
import type { AdminNotificationItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { newestFirst } from '../lib/format.ts';
import { useSessionStore } from './useSessionStore.ts';

interface AdminNotificationState {
  /** Unread, newest first. */
  unread: AdminNotificationItem[];
  /** Loads the list for an admin; does nothing for anyone else. */
  fetch: () => Promise<void>;
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

export const useAdminNotificationStore = create<AdminNotificationState>((set, get) => ({
  unread: [],
  fetch: async () => {
    if (!useSessionStore.getState().user?.isAdmin) return;
    const mine = ++generation;
    try {
      const list = await api.get('/api/admin/notifications');
      if (mine === generation) set({ unread: unreadOf(Array.isArray(list) ? list : [], readIds) });
    } catch {
      // The bell keeps what it has; the next event or opening reloads.
    }
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
}));
