// The user's matches (GET /api/matches) and DELETE /api/matches/:id. Kept live by 'match:new' and
// 'match:update', and by the user's own writes: a deleted match, or the matches of a deleted
// request, leave at once and for good.
import { create } from 'zustand';
import type { MatchItem, TradeRequestItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { isNewerRequest } from './requestRules.ts';
import { listStore, type ListState } from './listStore.ts';
import { itself, newestFirstBy, pagesOf } from './paging.ts';

interface MatchesState extends ListState<MatchItem> {
  /** 'match:update' with a status other than deleted. */
  setStatus: (id: number, status: MatchItem['status']) => void;
  /** A request was saved (an edit's answer or 'board:upsert'): the matches that show it show the new copy. */
  requestSaved: (request: TradeRequestItem) => void;
  /** One of the user's requests was deleted: its matches went with it. */
  requestDeleted: (requestId: number) => void;
  /** DELETE /api/matches/:id (a completed match); throws "STATUS: body" on failure. */
  delete: (id: number) => Promise<void>;
}

export const useMatchesStore = create<MatchesState>()((set, get, store) => ({
  ...listStore<MatchItem>(pagesOf('/api/matches', itself<MatchItem>), { order: newestFirstBy('createdAt') })(set, get, store),
  setStatus: (id, status) => {
    const match = get().items.find((m) => m.id === id);
    if (match && match.status !== status) get().upsert({ ...match, status });
  },
  requestSaved: (request) => {
    const fresher = (side: TradeRequestItem) => (side?.id === request.id && !isNewerRequest(side, request) ? request : side);
    for (const m of get().items) {
      const next = { ...m, request: fresher(m.request), matchedRequest: fresher(m.matchedRequest) };
      if (next.request !== m.request || next.matchedRequest !== m.matchedRequest) get().upsert(next);
    }
  },
  requestDeleted: (requestId) => {
    for (const m of get().items) {
      if (m.request?.id === requestId || m.matchedRequest?.id === requestId) get().markDeleted(m.id);
    }
  },
  delete: async (id) => {
    await api.delete(`/api/matches/${id}`);
    get().markDeleted(id);
  },
}));
