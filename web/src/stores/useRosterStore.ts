// The caller's roster (GET/POST/DELETE /api/roster, PUT /api/roster/kinds; docs/decisions/0023, 0040), loaded
// once per session by whichever screen needs it first: the tradeboard's conflict lines and the
// ranking on Matches are computed from it here, in the browser, with the protocol's rules
// (docs/decisions/0023).
import { create } from 'zustand';
import type { RosterInfo } from '#protocol/roster.ts';
import type { DutyKind } from '#protocol/roster-kinds.ts';
import { checkTrip, dutyName, type Trip } from '#protocol/roster-rules.ts';
import { api } from '../api/client.ts';
import { liveStore } from './liveStores.ts';

interface RosterState {
  info: RosterInfo | null;
  /** Loads the roster unless it is loaded or loading (a failure leaves it unloaded, quietly). */
  ensure: () => Promise<void>;
  fetch: () => Promise<void>;
  /** Uploads an .ics file; throws "STATUS: body" on failure. Answers the server's sentence (what was kept, what skipped). */
  upload: (file: File) => Promise<string>;
  /** Subscribes to an https address; throws "STATUS: body" on failure. Answers the server's sentence. */
  subscribe: (url: string) => Promise<string>;
  /** One event's kind (its whole series) set by hand, or back to automatic with null; throws "STATUS: body" on failure. */
  setKind: (uid: string, kind: DutyKind | null) => Promise<void>;
  remove: () => Promise<void>;
  reset: () => void;
}

let loading: Promise<void> | null = null;
/**
 * Each answer of PUT /api/roster/kinds is the whole roster after that change. Two changes made
 * quickly may be answered out of order; an older change's answer arriving after a newer one's
 * would put back what the newer one changed, so only the newest change's answer is kept.
 */
let kindWrites = 0;

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
    const { message } = await api.post('/api/roster', form);
    await get().fetch();
    return message;
  },
  subscribe: async (url) => {
    const { message } = await api.post('/api/roster', { url });
    await get().fetch();
    return message;
  },
  setKind: async (uid, kind) => {
    const write = ++kindWrites;
    try {
      const info = await api.put('/api/roster/kinds', { uid, kind });
      if (write === kindWrites) set({ info });
    } catch (err) {
      // An older change's answer may have been dropped for this one: read the roster as it now stands.
      if (write === kindWrites)
        void get()
          .fetch()
          .catch(() => undefined);
      throw err;
    }
  },
  remove: async () => {
    await api.delete('/api/roster');
    await get().fetch();
  },
  reset: () => {
    kindWrites++;
    set({ info: null });
  },
}));

// Loaded once a session: nothing to refresh after a reconnect.
liveStore('roster', { stores: [useRosterStore], reset: () => useRosterStore.getState().reset() });

/** The duty a trip would collide with, by name ("ATL1234"), or null: none, or no roster. */
export function conflictOf(info: RosterInfo | null, trip: Trip | null): string | null {
  if (!info || !trip || info.duties.length === 0) return null;
  const [first] = checkTrip(info.duties, trip, info.limits);
  return first ? dutyName(first.duty) : null;
}
