// The tradeboard (GET /api/all-trades: current active requests of the user's group, own included).
// Requests reach it from 'board:upsert' and 'board:remove', and from the answers of the user's own
// writes (useMyRequestsStore); a refetch happens on a screen's load and after a reconnect only.
import { create } from 'zustand';
import type { CurrentUser, TradeRequestItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { isNewerRequest, isOnBoard } from '../lib/requestRules.ts';
import { listStore, type ListState } from './listStore.ts';
import { useSessionStore } from './useSessionStore.ts';

export const useBoardStore = create<ListState<TradeRequestItem>>()(
  listStore<TradeRequestItem>(() => api.get('/api/all-trades'), { keep: (r) => isOnBoard(r), isNewer: isNewerRequest }),
);

/** The fields that place a user in a group (the server's group key). */
const groupOf = (user: CurrentUser | null) => (user ? [user.airline, user.base, user.position, user.aircraftType].join('\n') : null);

// A profile save that moves the user to another group makes this another board: it is loaded
// again when next shown.
useSessionStore.subscribe((state, previous) => {
  if (previous.user && state.user && groupOf(state.user) !== groupOf(previous.user)) useBoardStore.getState().reset();
});
