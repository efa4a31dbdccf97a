// The tradeboard (GET /api/all-trades: current active requests of the user's group, own included),
// a page at a time by date with the filters applied by the server (docs/decisions/0020). Requests
// reach it from 'board:upsert' and 'board:remove', and from the answers of the user's own writes
// (useMyRequestsStore); those past the last page loaded wait for their page, and those the filters
// leave out stay out. A refetch happens on a screen's load, a change of filters and after a
// reconnect only.
import { create } from 'zustand';
import type { CurrentUser, TradeRequestItem } from '#protocol/shapes.ts';
import { boardQuery, matchesFilters, NO_FILTERS, type BoardFilters } from '../lib/boardFilters.ts';
import { isNewerRequest, isOnBoard } from './requestRules.ts';
import { listStore, type ListState } from './listStore.ts';
import { byDateThenId, itself, pagesOf, withQuery } from './paging.ts';
import { useSessionStore } from './useSessionStore.ts';
import { liveList } from './liveStores.ts';

interface BoardState extends ListState<TradeRequestItem> {
  filters: BoardFilters;
  /** New filters: the board is read again from its first page with them. */
  setFilters: (filters: BoardFilters) => Promise<void>;
}

/** The filters the pages are read with (the store's `filters`, for the page source and the rules). */
let filters: BoardFilters = NO_FILTERS;

export const useBoardStore = create<BoardState>()((set, get, store) => {
  const list = listStore<TradeRequestItem>(
    pagesOf(() => withQuery('/api/all-trades', boardQuery(filters)), itself<TradeRequestItem>),
    {
      keep: (r) => isOnBoard(r) && matchesFilters(r, filters),
      isNewer: isNewerRequest,
      order: byDateThenId,
    },
  )(set, get, store);
  return {
    ...list,
    filters: NO_FILTERS,
    setFilters: async (next) => {
      filters = next;
      list.reset();
      set({ filters: next });
      await get().fetch();
    },
    // Sign-out, or another group: the next board starts unfiltered.
    reset: () => {
      filters = NO_FILTERS;
      list.reset();
      set({ filters: NO_FILTERS });
    },
  };
});

liveList('board', useBoardStore);

/** The fields that place a user in a group (the server's group key). */
const groupOf = (user: CurrentUser | null) => (user ? [user.airline, user.base, user.position, user.aircraftType].join('\n') : null);

// A profile save that moves the user to another group makes this another board: it is loaded
// again when next shown.
useSessionStore.subscribe((state, previous) => {
  if (previous.user && state.user && groupOf(state.user) !== groupOf(previous.user)) useBoardStore.getState().reset();
});
