// The one registry of the stores that hold the signed-in user's data: what each does after a socket
// reconnect (events may have been missed: it fetches again what it has loaded) and at sign-out (it
// empties). Each store declares itself once, in its own module, as that module loads; the socket's
// reconnect (realtime/socket.ts) and sign-out (clientState.ts) run what is declared. A store whose
// module never loaded has nothing loaded to refresh or to empty, so neither imports a store a screen
// has not (the first screen loads only the stores it shows: docs/decisions/0036).
// liveStores.test.ts fails when a store with a reset declares nothing here.
// This module imports no store: every store imports it.

/** What a store (or a family of stores) does on reconnect and at sign-out. */
export interface LiveStore {
  /** The stores the declaration covers (the test holds every store with a reset to be covered). */
  stores: readonly object[];
  /**
   * After a socket reconnect: what the screens have loaded, fetched again (each store tries again
   * until it succeeds: refetch.ts). Left out by a store no event feeds.
   */
  refresh?: () => Promise<void>;
  /** At sign-out: emptied. A store that leaves it out says why where it declares itself. */
  reset?: () => void;
}

/** By name, in the order the stores' modules loaded (a module evaluated again replaces its own). */
const declared = new Map<string, LiveStore>();

export function liveStore(name: string, declaration: LiveStore): void {
  declared.set(name, declaration);
}

/** A list store (listStore.ts): refreshed after a reconnect once loaded, emptied at sign-out. */
export interface LiveList {
  getState: () => { loaded: boolean; refresh: () => Promise<void>; reset: () => void };
}

export function liveList(name: string, list: LiveList): void {
  liveStore(name, { stores: [list], refresh: () => refreshIfLoaded(list), reset: () => list.getState().reset() });
}

/** A list's refresh, if a screen loaded it (a list nobody loaded has nothing to refresh). */
export function refreshIfLoaded(list: LiveList): Promise<void> {
  return list.getState().loaded ? list.getState().refresh() : Promise.resolve();
}

/**
 * After a socket reconnect: events may have been missed, so what the screens have loaded is fetched
 * again, each tried again until it succeeds (refetch.ts: a request cut by a dying instance does not
 * leave a list stale). Never after one's own write: its answer and the events that follow keep the
 * stores right.
 */
export async function refreshLiveStores(): Promise<void> {
  const jobs: Promise<void>[] = [];
  for (const { refresh } of declared.values()) if (refresh) jobs.push(refresh());
  await Promise.all(jobs);
}

/** At sign-out: every declared store that empties, emptied. */
export function resetLiveStores(): void {
  for (const { reset } of declared.values()) reset?.();
}

/** What is declared, by name (for the test). */
export function liveStoresDeclared(): ReadonlyMap<string, LiveStore> {
  return declared;
}
