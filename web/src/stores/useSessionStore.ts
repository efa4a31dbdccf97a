// The signed-in user. GET /api/auth/user answers null on 401 (signed out); the user is also kept in
// localStorage and used as a fallback when the server cannot be reached (spec section 7).
import { create } from 'zustand';
import type { CurrentUser } from '../../../protocol/shapes.ts';
import { api } from '../api/client.ts';

const CACHE_KEY = 'crewtrade.user';

function readCache(): CurrentUser | null {
  try {
    const raw = localStorage.getItem(CACHE_KEY);
    return raw ? (JSON.parse(raw) as CurrentUser) : null;
  } catch {
    return null;
  }
}

function writeCache(user: CurrentUser | null) {
  try {
    if (user) localStorage.setItem(CACHE_KEY, JSON.stringify(user));
    else localStorage.removeItem(CACHE_KEY);
  } catch {
    // storage unavailable (private mode): the cache is only a fallback
  }
}

interface SessionState {
  user: CurrentUser | null;
  loading: boolean;
  /** Reloads the current user; concurrent calls share one request. */
  refresh: () => Promise<CurrentUser | null>;
  /** Forgets the user and the local cache (session ended). */
  clear: () => void;
  /** Drops only the local cache (sign-out in progress: the page is about to leave). */
  forget: () => void;
}

let inFlight: Promise<CurrentUser | null> | null = null;

export const useSessionStore = create<SessionState>((set) => ({
  user: null,
  loading: true,
  refresh: () => {
    inFlight ??= api
      .getOrNull<CurrentUser>('/api/auth/user')
      .then((user) => {
        writeCache(user);
        set({ user, loading: false });
        return user;
      })
      .catch(() => {
        // The server could not answer (offline, restarting): fall back to the cached user.
        const cached = readCache();
        set({ user: cached, loading: false });
        return cached;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  },
  clear: () => {
    writeCache(null);
    set({ user: null, loading: false });
  },
  forget: () => writeCache(null),
}));
