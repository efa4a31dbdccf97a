// The registry of live stores (liveStores.ts): every store with a reset declares what it does on a
// reconnect and at sign-out (one left out fails here), and what a reconnect refreshes and sign-out
// empties is held to a list, so a change of either shows in review.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveStoresDeclared, refreshLiveStores, resetLiveStores } from './liveStores.ts';

interface AnyStore {
  getState: () => Record<string, unknown>;
  setState: (partial: Record<string, unknown>) => void;
  subscribe: unknown;
}
const isStore = (v: unknown): v is AnyStore => typeof v === 'function' && 'getState' in v && 'setState' in v && 'subscribe' in v;

/** Every Zustand store the modules of stores/ export, by export name. */
const stores = new Map<string, AnyStore>();
const dir = path.dirname(fileURLToPath(import.meta.url));

beforeAll(async () => {
  const modules = fs.readdirSync(dir).filter((f) => f.endsWith('.ts') && !/\.(test|fixture)\.ts$/.test(f));
  for (const file of modules) {
    const exports = (await import(/* @vite-ignore */ path.join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) if (isStore(value)) stores.set(name, value);
  }
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** A store's state, as the functions a spy replaces. */
const functionsOf = (store: AnyStore) => store.getState() as Record<string, () => unknown>;

/** The stores whose state has a function of that name. */
const withFunction = (fn: string) => [...stores].filter(([, s]) => typeof s.getState()[fn] === 'function');

describe('the registry of live stores', () => {
  it('finds the stores (the scan works)', () => {
    expect(stores.size).toBeGreaterThan(20);
    expect(withFunction('reset').length).toBeGreaterThan(15);
  });

  it('covers every store with a reset: each declares what it does on a reconnect and at sign-out', () => {
    const covered = new Set([...liveStoresDeclared().values()].flatMap((d) => d.stores));
    const missing = withFunction('reset')
      .filter(([, store]) => !covered.has(store))
      .map(([name]) => name);
    expect(missing, 'declare each in its module with liveStore() or liveList() (stores/liveStores.ts)').toEqual([]);
  });

  it('sign-out empties the stores it always emptied', () => {
    const called: string[] = [];
    for (const [name, store] of withFunction('reset')) vi.spyOn(functionsOf(store), 'reset').mockImplementation(() => called.push(name));
    resetLiveStores();
    expect(called.sort()).toEqual([
      'useAdminActivityStore',
      'useAdminLogsStore',
      'useAdminNotificationStore',
      'useAdminSupportStore',
      'useAdminTemplatesStore',
      'useAdminUsersStore',
      'useBadgeStore',
      'useBoardStore',
      'useCalendarFeedStore',
      'useCatchUpStore',
      'useChainsStore',
      'useCompletedChainsStore',
      'useMatchesStore',
      'useMyRequestsStore',
      'useNotificationStore',
      'usePushStore',
      'useRosterStore',
      'useSupportStore',
    ]);
  });

  /** Runs a reconnect's refresh with every refresh stubbed; the stores whose refresh ran, by name. */
  async function refreshed(): Promise<string[]> {
    const called: string[] = [];
    for (const fn of ['refresh', 'refreshLoaded'])
      for (const [name, store] of withFunction(fn))
        vi.spyOn(functionsOf(store), fn).mockImplementation(() => (called.push(`${name}.${fn}`), Promise.resolve()));
    await refreshLiveStores();
    return called.sort();
  }

  const always = [
    'useAdminNotificationStore.refresh',
    'useBadgeStore.refresh',
    'useChatStore.refreshLoaded',
    'useMessagesStore.refreshLoaded',
    'useNotificationStore.refresh',
    'useOffersStore.refreshLoaded',
  ];

  it('a reconnect refreshes the bell, the counts and the stores that check for themselves what they loaded', async () => {
    expect(await refreshed()).toEqual(always);
  });

  it('and the lists a screen loaded, those of the live lists only', async () => {
    for (const [, store] of stores) if (typeof store.getState().loaded === 'boolean') store.setState({ loaded: true });
    expect(await refreshed()).toEqual(
      [
        ...always,
        'useAdminSupportStore.refresh',
        'useBoardStore.refresh',
        'useChainsStore.refresh',
        'useCompletedChainsStore.refresh',
        'useMatchesStore.refresh',
        'useMyRequestsStore.refresh',
        'useSupportStore.refresh',
      ].sort(),
    );
  });
});
