// The user's matches (GET /api/matches) and DELETE /api/matches/:id. Kept live by 'match:new' and
// 'match:update', and by the user's own writes: a deleted match, or the matches of a deleted
// request, leave at once and for good. A match the system closed (one of its requests filled or
// changed, docs/decisions/0042) stays, with its reason and the request that closed it; when that
// request is a colleague's, the crew member is told why at once.
import { create } from 'zustand';
import { CLOSED_TEXT } from '#protocol/closedText.ts';
import type { ServerToClientEvents } from '#protocol/events.ts';
import type { MatchItem, TradeRequestItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { matchClosedSentence } from '../lib/matchClose.ts';
import { isNewerRequest } from './requestRules.ts';
import { listStore, type ListState } from './listStore.ts';
import { itself, newestFirstBy, pagesOf } from './paging.ts';
import { useSessionStore } from './useSessionStore.ts';
import { toast } from './useToastStore.ts';
import { liveList } from './liveStores.ts';

export type MatchUpdate = Parameters<ServerToClientEvents['match:update']>[0];

interface MatchesState extends ListState<MatchItem> {
  /** A new status for a match held (no reason with it). */
  setStatus: (id: number, status: MatchItem['status']) => void;
  /**
   * 'match:update': a new status (closed with its reason and the request that closed it), or the
   * match gone. An open match a colleague's request closed or took is told in a toast ("Liam's
   * pickup on Dec 1 was filled"); answers that sentence, else null.
   */
  updated: (change: MatchUpdate) => string | null;
  /** A request was saved (an edit's answer or 'board:upsert'): the matches that show it show the new copy. */
  requestSaved: (request: TradeRequestItem) => void;
  /** One of the user's requests was deleted: its matches went with it. */
  requestDeleted: (requestId: number) => void;
  /** DELETE /api/matches/:id (a completed or closed match); throws "STATUS: body" on failure. */
  delete: (id: number) => Promise<void>;
}

export const useMatchesStore = create<MatchesState>()((set, get, store) => ({
  ...listStore<MatchItem>(pagesOf('/api/matches', itself<MatchItem>), { order: newestFirstBy('createdAt') })(set, get, store),
  setStatus: (id, status) => {
    const match = get().items.find((m) => m.id === id);
    if (match && match.status !== status) get().upsert({ ...match, status });
  },
  updated: ({ id, status, closedReason, closedByRequestId }) => {
    const match = get().items.find((m) => m.id === id);
    const close = closedReason && closedByRequestId !== undefined ? { reason: closedReason, byRequestId: closedByRequestId } : null;
    if (status === 'deleted') get().markDeleted(id);
    else if (match && status === 'closed' && close)
      get().upsert({ ...match, status, closedReason: close.reason, closedByRequestId: close.byRequestId });
    else get().setStatus(id, status);

    // Told once (a repeated event finds the match closed or gone), and only of an open match this tab held.
    if (!match || !close || match.status === 'closed' || match.status === 'approved') return null;
    if (status !== 'closed' && status !== 'deleted') return null;
    const myId = useSessionStore.getState().user?.id ?? 0;
    const by = [match.request, match.matchedRequest].find((r) => r?.id === close.byRequestId);
    // One's own fill, edit or deletion needs no telling.
    if (!by || (by.userId ?? by.user?.id) === myId) return null;
    const sentence = matchClosedSentence(match, close, myId);
    if (sentence) toast({ title: CLOSED_TEXT.matchTitle, description: sentence });
    return sentence;
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

liveList('matches', useMatchesStore);
