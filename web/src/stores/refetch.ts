// Refetching after a reconnect until it is right (issue 40, docs/decisions/0020). A reconnect
// refreshes every live store once; when that one request is cut (the instance it went to died:
// undici's UND_ERR_SOCKET, the browser's "Failed to fetch") or answered 5xx, the store would stay
// stale until the next reconnect. Each refetch therefore tries again with backoff, six tries over
// about 30 s, and the screen says it is catching up meanwhile (CatchUpStatus in the app shell).
// What still fails after the last try is listed, and "Try again" runs it once more.
import { create } from 'zustand';
import { ApiError } from '../api/client.ts';
import { liveStore } from './liveStores.ts';

/** The waits between tries: six tries over about 30 s. */
export const REFETCH_DELAYS_MS: readonly number[] = [1000, 2000, 4000, 8000, 15_000];

/** A failure another try may mend: the network, the server's 5xx, a 408 or a 429. Other 4xx answers are final. */
export function worthRetrying(err: unknown): boolean {
  if (err instanceof ApiError) return err.status >= 500 || err.status === 408 || err.status === 429;
  return true;
}

interface CatchUpState {
  /** Refetches under way. */
  running: number;
  /** Of those, the ones that failed at least once and wait to try again. */
  retrying: number;
  /** Refetches that gave up, by what they refresh: Try again runs them once more. */
  failed: ReadonlyMap<object, () => Promise<void>>;
  /** Runs every refetch that gave up again. */
  tryAgain: () => void;
  reset: () => void;
}

/** Moves on at sign-out: a refetch of the session before counts and lists nothing after it. */
let session = 0;

export const useCatchUpStore = create<CatchUpState>((set, get) => ({
  running: 0,
  retrying: 0,
  failed: new Map(),
  tryAgain: () => {
    const again = [...get().failed.values()];
    set({ failed: new Map() });
    for (const run of again) void run();
  },
  reset: () => {
    session++;
    set({ running: 0, retrying: 0, failed: new Map() });
  },
}));

// What the refetches left (counts, what gave up) is emptied at sign-out; it refreshes nothing.
liveStore('catching up', { stores: [useCatchUpStore], reset: () => useCatchUpStore.getState().reset() });

function noteFailed(owner: object, run: (() => Promise<void>) | null): void {
  useCatchUpStore.setState((s) => {
    if (!run && !s.failed.has(owner)) return {};
    const failed = new Map(s.failed);
    if (run) failed.set(owner, run);
    else failed.delete(owner);
    return { failed };
  });
}

const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

export interface RefetchOptions {
  /**
   * False once the refetch is no longer wanted: a newer fetch of the same list took over, or the
   * store was reset. Checked before each new try.
   */
  wanted?: () => boolean;
  /** After the last try failed (the store shows its error). */
  gaveUp?: (err: unknown) => void;
}

/**
 * Runs `attempt` until it succeeds: again after 1, 2, 4, 8 and 15 s (a little jitter, so the crew
 * of a dead instance do not all come back at once), while `wanted`. `owner` names what is refreshed
 * (the store): a later success of it clears its failure. Never rejects.
 */
export async function refetchUntilRight(owner: object, attempt: () => Promise<void>, options: RefetchOptions = {}): Promise<void> {
  const { wanted = () => true, gaveUp } = options;
  const mine = session;
  const counting = () => mine === session;
  useCatchUpStore.setState((s) => ({ running: s.running + 1 }));
  let waited = false;
  try {
    for (let tried = 0; ; tried++) {
      try {
        await attempt();
        if (counting()) noteFailed(owner, null);
        return;
      } catch (err) {
        const delay = REFETCH_DELAYS_MS[tried];
        if (!wanted() || !counting()) return;
        if (!worthRetrying(err) || delay === undefined) {
          gaveUp?.(err);
          if (worthRetrying(err)) noteFailed(owner, () => refetchUntilRight(owner, attempt, options));
          return;
        }
        if (!waited) {
          waited = true;
          useCatchUpStore.setState((s) => ({ retrying: s.retrying + 1 }));
        }
        await new Promise((r) => setTimeout(r, jittered(delay)));
        if (!wanted() || !counting()) return;
      }
    }
  } finally {
    if (counting()) useCatchUpStore.setState((s) => ({ running: s.running - 1, retrying: s.retrying - (waited ? 1 : 0) }));
  }
}
