// The signed-in user and the account endpoints. GET /api/auth/user answers null on 401 (signed
// out); sign-in, sign-up and a profile save answer the user, which is applied as it comes (no
// second GET). The user is also kept in localStorage and used as a fallback when the server cannot
// be reached (docs/product-spec.md section 7).
import { create } from 'zustand';
import type { ForgotPasswordBody } from '#protocol/endpoints.ts';
import type { LoginBody, RegisterBody, ResetPasswordBody } from '#protocol/schemas/auth.ts';
import type { ProfileBody } from '#protocol/schemas/profile.ts';
import type { CurrentUser } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { SESSION_CACHE_KEY as CACHE_KEY } from '../app/sessionHint.ts';

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
  /** POST /api/login; throws "STATUS: body" when refused. */
  login: (body: LoginBody) => Promise<CurrentUser>;
  /** POST /api/register (signs the new account in). */
  register: (body: RegisterBody) => Promise<CurrentUser>;
  /** PUT /api/profile. */
  saveProfile: (body: ProfileBody) => Promise<CurrentUser>;
  /** POST /api/forgot-password. */
  forgotPassword: (body: ForgotPasswordBody) => Promise<void>;
  /** POST /api/reset-password. */
  resetPassword: (body: ResetPasswordBody) => Promise<void>;
  /** Forgets the user and the local cache (session ended). */
  clear: () => void;
  /** Drops only the local cache (sign-out in progress: the page is about to leave). */
  forget: () => void;
}

let inFlight: Promise<CurrentUser | null> | null = null;
/** Moves on each time the user is set, so a refresh answered after a sign-in does not undo it. */
let version = 0;

export const useSessionStore = create<SessionState>((set, get) => {
  function signedIn(user: CurrentUser): CurrentUser {
    version++;
    writeCache(user);
    set({ user, loading: false });
    return user;
  }

  return {
    user: null,
    loading: true,
    refresh: () => {
      const started = version;
      inFlight ??= api
        .getOrNull('/api/auth/user')
        .then((user) => {
          if (version !== started) return get().user;
          writeCache(user);
          set({ user, loading: false });
          return user;
        })
        .catch(() => {
          if (version !== started) return get().user;
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
    login: async (body) => signedIn(await api.post('/api/login', body)),
    register: async (body) => signedIn(await api.post('/api/register', body)),
    saveProfile: async (body) => signedIn(await api.put('/api/profile', body)),
    forgotPassword: async (body) => {
      await api.post('/api/forgot-password', body);
    },
    resetPassword: async (body) => {
      await api.post('/api/reset-password', body);
    },
    clear: () => {
      version++;
      writeCache(null);
      set({ user: null, loading: false });
    },
    forget: () => writeCache(null),
  };
});
