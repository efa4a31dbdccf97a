// The caller's calendar address (GET/POST/DELETE /api/calendar-feed). The server keeps only a hash
// of the token, so the address is known right after it is made and not after a reload.
import { create } from 'zustand';
import type { CalendarFeedInfo } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { liveStore } from './liveStores.ts';

interface CalendarFeedState {
  info: CalendarFeedInfo | null;
  fetch: () => Promise<void>;
  /** Creates the address, or replaces it; throws "STATUS: body" on failure. */
  create: () => Promise<void>;
  revoke: () => Promise<void>;
  reset: () => void;
}

export const useCalendarFeedStore = create<CalendarFeedState>((set) => ({
  info: null,
  fetch: async () => set({ info: await api.get('/api/calendar-feed') }),
  create: async () => set({ info: await api.post('/api/calendar-feed', undefined as never) }),
  revoke: async () => {
    await api.delete('/api/calendar-feed');
    set({ info: { enabled: false, createdAt: null } });
  },
  reset: () => set({ info: null }),
}));

// No event feeds it (its answers do): nothing to refresh after a reconnect.
liveStore('calendar feed', { stores: [useCalendarFeedStore], reset: () => useCalendarFeedStore.getState().reset() });
