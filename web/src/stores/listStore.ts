// A keyed list kept fresh by REST (fetch, loadMore) and by what changes arrive (upsert, remove,
// markDeleted), from one's own writes or the socket; keyedList.ts says how they combine. The list
// comes a page at a time (paging.ts): what is held is a prefix of the list in its order, and a
// change that falls past the last page loaded waits for that page.
import type { StateCreator } from 'zustand';
import { mergeFetched, removeById, upsertById, type ItemRules, type Keyed } from './keyedList.ts';
import { asPage, followPages, type PageSource } from './paging.ts';
import { refetchUntilRight } from './refetch.ts';

export interface ListState<T extends Keyed> {
  items: T[];
  /** True once the first fetch finished (successfully or not). */
  loaded: boolean;
  error: boolean;
  /** The next page's cursor; null when every page is loaded. */
  next: string | null;
  loadingMore: boolean;
  /** How many items the whole list holds, where the server says (the administration lists). */
  total: number | null;
  /**
   * The list from the server, as many pages as were loaded: on a screen's load and after a socket
   * reconnect.
   */
  fetch: () => Promise<void>;
  /**
   * fetch after a reconnect: tried again with backoff until it succeeds (refetch.ts), so one
   * request cut by a dying instance does not leave the list stale.
   */
  refresh: () => Promise<void>;
  /** The next page, put after what is held (Load more, or scrolling to the end). */
  loadMore: () => Promise<void>;
  /** An item was created or changed (a write's answer or an event): added, replaced, or dropped if it no longer belongs. */
  upsert: (item: T) => void;
  /** The item left this list; it may come back (a request that left the board, say). */
  remove: (id: number) => void;
  /** The item was deleted on the server: it leaves, and no late event or answer brings it back. */
  markDeleted: (id: number) => void;
  reset: () => void;
}

export interface ListRules<T> extends ItemRules<T> {
  /**
   * The list's order (negative: `a` comes first), as the server pages it; 0 where the client cannot
   * tell (see paging.ts newestFirstBy). With it, an item that comes strictly after the last one
   * loaded is left to its page while pages remain.
   */
  order?: (a: T, b: T) => number;
}

/** A refresh reloads the pages the screen had, up to this many (a reconnect is not a reason to read thousands). */
const REFRESH_PAGES_MAX = 5;

/** A list store over one paged GET; `rules` say which items belong, which version is newer and the order. */
export function listStore<T extends Keyed>(source: PageSource<T>, rules: ListRules<T> = {}): StateCreator<ListState<T>> {
  let generation = 0;
  /** Ids changed since the running fetch began (null when none runs). */
  let changed: Set<number> | null = null;
  /** Ids deleted for good (ids are never reused). */
  let deleted = new Set<number>();
  /** The latest version seen of each id, even one that left: an older copy arriving late is ignored. */
  let latest = new Map<number, T>();
  /** The last item of the last page loaded: where what is held ends while pages remain. */
  let boundary: T | null = null;
  let pagesLoaded = 0;
  const isStale = (item: T) => {
    const seen = latest.get(item.id);
    if (seen && rules.isNewer?.(seen, item)) return true;
    if (rules.isNewer) latest.set(item.id, item);
    return false;
  };
  /** Past the pages loaded: its page brings it when it is loaded. */
  const pastLoaded = (item: T, next: string | null) => next !== null && boundary !== null && !!rules.order && rules.order(item, boundary) > 0;
  const withinLoaded = (items: T[], next: string | null) => (next === null ? items : items.filter((x) => !pastLoaded(x, next)));

  return (set, get) => {
    /** Reads the pages loaded (up to a few) and takes them in; throws when a page fails. */
    async function load(mine: number): Promise<void> {
      const changedMeanwhile = new Set<number>();
      changed = changedMeanwhile;
      // A page being loaded is for the list as it was: it is dropped (see loadMore).
      if (get().loadingMore) set({ loadingMore: false });
      try {
        const maxPages = Math.min(Math.max(pagesLoaded, 1), REFRESH_PAGES_MAX);
        const { items: list, next, pages, first } = await followPages(source, { maxPages });
        if (mine !== generation) return;
        // An answer older than a copy already seen counts as changed here: the local state stands.
        for (const item of list) if (isStale(item)) changedMeanwhile.add(item.id);
        boundary = list[list.length - 1] ?? null;
        pagesLoaded = pages;
        set((s) => ({
          items: withinLoaded(mergeFetched(s.items, list, changedMeanwhile, deleted, rules), next),
          next,
          total: first?.total ?? null,
          loaded: true,
          error: false,
          loadingMore: false,
        }));
      } finally {
        if (mine === generation) changed = null;
      }
    }
    /** What refresh names in the catching-up list (one per store). */
    const owner = {};

    return {
      items: [],
      loaded: false,
      error: false,
      next: null,
      loadingMore: false,
      total: null,
      fetch: async () => {
        const mine = ++generation;
        try {
          await load(mine);
        } catch {
          if (mine === generation) set({ loaded: true, error: true });
        }
      },
      refresh: () => {
        let mine = 0;
        return refetchUntilRight(
          owner,
          () => {
            mine = ++generation;
            return load(mine);
          },
          {
            // A newer fetch, or a reset, took the list over.
            wanted: () => mine === generation,
            gaveUp: () => {
              if (mine === generation) set({ loaded: true, error: true });
            },
          },
        );
      },
      loadMore: async () => {
        const { next, loadingMore } = get();
        if (next === null || loadingMore) return;
        const mine = generation;
        set({ loadingMore: true });
        try {
          const page = asPage(await source(next));
          if (mine !== generation) return;
          // A copy seen since (an event) is newer than the page's: it stands.
          const fresh = page.items.filter((item) => !deleted.has(item.id)).map((item) => (isStale(item) ? latest.get(item.id)! : item));
          boundary = page.items[page.items.length - 1] ?? boundary;
          pagesLoaded++;
          set((s) => ({
            items: fresh.reduce((items, item) => upsertById(items, item, rules), s.items),
            next: page.next,
            loadingMore: false,
          }));
        } catch (err) {
          if (mine === generation) set({ loadingMore: false });
          throw err;
        }
      },
      upsert: (item) => {
        if (deleted.has(item.id) || isStale(item)) return;
        changed?.add(item.id);
        if (pastLoaded(item, get().next)) {
          set((s) => ({ items: removeById(s.items, item.id) }));
          return;
        }
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
        boundary = null;
        pagesLoaded = 0;
        set({ items: [], loaded: false, error: false, next: null, loadingMore: false, total: null });
      },
    };
  };
}
