// A keyed list kept fresh by REST (fetch) and by what changes arrive (upsert, remove, markDeleted),
// from one's own writes or the socket; keyedList.ts says how they combine.
import type { StateCreator } from 'zustand';
import { mergeFetched, removeById, upsertById, type ItemRules, type Keyed } from './keyedList.ts';

export interface ListState<T extends Keyed> {
  items: T[];
  /** True once the first fetch finished (successfully or not). */
  loaded: boolean;
  error: boolean;
  /** The full list from the server: on a screen's load and after a socket reconnect. */
  fetch: () => Promise<void>;
  /** An item was created or changed (a write's answer or an event): added, replaced, or dropped if it no longer belongs. */
  upsert: (item: T) => void;
  /** The item left this list; it may come back (a request that left the board, say). */
  remove: (id: number) => void;
  /** The item was deleted on the server: it leaves, and no late event or answer brings it back. */
  markDeleted: (id: number) => void;
  reset: () => void;
}

/** A list store over one GET; `rules` say which items belong and which version is newer. */
export function listStore<T extends Keyed>(load: () => Promise<T[]>, rules: ItemRules<T> = {}): StateCreator<ListState<T>> {
  let generation = 0;
  /** Ids changed since the running fetch began (null when none runs). */
  let changed: Set<number> | null = null;
  /** Ids deleted for good (ids are never reused). */
  let deleted = new Set<number>();
  /** The latest version seen of each id, even one that left: an older copy arriving late is ignored. */
  let latest = new Map<number, T>();
  const isStale = (item: T) => {
    const seen = latest.get(item.id);
    if (seen && rules.isNewer?.(seen, item)) return true;
    if (rules.isNewer) latest.set(item.id, item);
    return false;
  };

  return (set) => ({
    items: [],
    loaded: false,
    error: false,
    fetch: async () => {
      const mine = ++generation;
      const changedMeanwhile = new Set<number>();
      changed = changedMeanwhile;
      try {
        const fetched = await load();
        if (mine !== generation) return;
        const list = Array.isArray(fetched) ? fetched : [];
        // An answer older than a copy already seen counts as changed here: the local state stands.
        for (const item of list) if (isStale(item)) changedMeanwhile.add(item.id);
        set((s) => ({ items: mergeFetched(s.items, list, changedMeanwhile, deleted, rules), loaded: true, error: false }));
      } catch {
        if (mine === generation) set({ loaded: true, error: true });
      } finally {
        if (mine === generation) changed = null;
      }
    },
    upsert: (item) => {
      if (deleted.has(item.id) || isStale(item)) return;
      changed?.add(item.id);
      set((s) => ({ items: upsertById(s.items, item, rules) }));
    },
    remove: (id) => {
      changed?.add(id);
      set((s) => ({ items: removeById(s.items, id) }));
    },
    markDeleted: (id) => {
      deleted.add(id);
      changed?.add(id);
      set((s) => ({ items: removeById(s.items, id) }));
    },
    reset: () => {
      generation++;
      changed = null;
      deleted = new Set();
      latest = new Map();
      set({ items: [], loaded: false, error: false });
    },
  });
}
