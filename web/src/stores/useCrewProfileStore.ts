// A crew profile (GET /api/profile/:userId): the one the profile screen shows. Only crew of the
// viewer's group (and admins, and oneself) may see one; the server answers 404 otherwise.
import { create } from 'zustand';
import type { ProfileView } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { liveStore } from './liveStores.ts';

export type CrewProfileStatus = 'loading' | 'loaded' | 'failed';

interface CrewProfileState {
  userId: number | null;
  status: CrewProfileStatus;
  profile: ProfileView | null;
  /** Loads a profile; a later call wins over an earlier one still under way. Any failure is 'failed'. */
  load: (userId: number) => Promise<void>;
  reset: () => void;
}

let generation = 0;

export const useCrewProfileStore = create<CrewProfileState>()((set) => ({
  userId: null,
  status: 'loading',
  profile: null,
  load: async (userId) => {
    const mine = ++generation;
    set({ userId, status: 'loading', profile: null });
    try {
      const profile = await api.get(`/api/profile/${userId}`);
      if (mine === generation) set({ status: 'loaded', profile });
    } catch {
      if (mine === generation) set({ status: 'failed' });
    }
  },
  reset: () => {
    generation++;
    set({ userId: null, status: 'loading', profile: null });
  },
}));

// One profile, read as its screen opens: nothing to refresh after a reconnect. Sign-out's reset has
// never emptied it: the page leaves for / right after sign-out.
liveStore('crew profile', { stores: [useCrewProfileStore] });
