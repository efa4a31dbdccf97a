// A keyed list kept fresh by REST (fetch) and socket events (upsert/remove).
import type { StateCreator } from 'zustand';

export interface ListState<T extends { id: number }> {
  items: T[];
  /** True once the first fetch finished (successfully or not). */
  loaded: boolean;
  error: boolean;
  fetch: () => Promise<void>;
  upsert: (item: T) => void;
  remove: (id: number) => void;
  reset: () => void;
}

export function upsertById<T extends { id: number }>(items: T[], item: T): T[] {
  const index = items.findIndex((x) => x.id === item.id);
  if (index === -1) return [...items, item];
  const next = items.slice();
  next[index] = item;
  return next;
}

/** Builds a list store over one GET endpoint; `keep` decides whether an upserted item belongs. */
export function listStore<T extends { id: number }>(
  path: string,
  load: (path: string) => Promise<T[]>,
  keep: (item: T) => boolean = () => true,
): StateCreator<ListState<T>> {
  let generation = 0;
  return (set) => ({
    items: [],
    loaded: false,
    error: false,
    fetch: async () => {
      const mine = ++generation;
      try {
        const items = await load(path);
        if (mine === generation) set({ items: Array.isArray(items) ? items : [], loaded: true, error: false });
      } catch {
        if (mine === generation) set({ loaded: true, error: true });
      }
    },
    upsert: (item) => set((s) => ({ items: keep(item) ? upsertById(s.items, item) : s.items.filter((x) => x.id !== item.id) })),
    remove: (id) => set((s) => ({ items: s.items.filter((x) => x.id !== id) })),
    reset: () => {
      generation++;
      set({ items: [], loaded: false, error: false });
    },
  });
}
