// The caller's roster (GET/POST/DELETE /api/roster, docs/decisions/0023), loaded once per session by whichever
// screen needs it first: the tradeboard's conflict lines and the ranking on Matches are computed
// from it here, in the browser, with the protocol's rules (docs/decisions/0023).
import { create } from 'zustand';
import type { RosterInfo } from '#protocol/roster.ts';
import { checkTrip, dutyName, type Trip } from '#protocol/roster-rules.ts';
import { api } from '../api/client.ts';

interface RosterState {
  info: RosterInfo | null;
  /** Loads the roster unless it is loaded or loading (a failure leaves it unloaded, quietly). */
  ensure: () => Promise<void>;
  fetch: () => Promise<void>;
  /** Uploads an .ics file; throws "STATUS: body" on failure. Answers the number of duties. */
  upload: (file: File) => Promise<number>;
  /** Subscribes to an https address; throws "STATUS: body" on failure. */
  subscribe: (url: string) => Promise<number>;
  remove: () => Promise<void>;
  reset: () => void;
}

let loading: Promise<void> | null = null;

export const useRosterStore = create<RosterState>((set, get) => ({
  info: null,
  ensure: async () => {
    if (get().info) return;
    loading ??= get()
      .fetch()
      .catch(() => undefined)
      .finally(() => (loading = null));
    await loading;
  },
  fetch: async () => set({ info: await api.get('/api/roster') }),
  upload: async (file) => {
    const form = new FormData();
    form.append('file', file);
    const { duties } = await api.post('/api/roster', form);
    await get().fetch();
    return duties;
  },
  subscribe: async (url) => {
    const { duties } = await api.post('/api/roster', { url });
    await get().fetch();
    return duties;
  },
  remove: async () => {
    await api.delete('/api/roster');
    await get().fetch();
  },
  reset: () => set({ info: null }),
}));

/** The duty a trip would collide with, by name ("ATL1234"), or null: none, or no roster. */
export function conflictOf(info: RosterInfo | null, trip: Trip | null): string | null {
  if (!info || !trip || info.duties.length === 0) return null;
  const [first] = checkTrip(info.duties, trip, info.limits);
  return first ? dutyName(first.duty) : null;
}
