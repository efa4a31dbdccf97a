// The signed-in user's own active requests (GET /api/requests?status=active, a page at a time)
// and the request writes: POST, PUT and DELETE /api/requests. A write's answer is applied where the
// request shows (this list, the board, the matches that show it); the socket's events for it
// follow and change nothing more. Nothing is refetched after a write.
import { create } from 'zustand';
import type { RequestBody } from '#protocol/schemas/requests.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { requestFormData } from '../lib/requestEncoding.ts';
import { isNewerRequest, isOnBoard } from './requestRules.ts';
import { listStore, type ListState } from './listStore.ts';
import { byDateThenId, itself, pagesOf, withQuery } from './paging.ts';
import { useBoardStore } from './useBoardStore.ts';
import { useMatchesStore } from './useMatchesStore.ts';
import { useSessionStore } from './useSessionStore.ts';
import { liveList } from './liveStores.ts';

export interface MyRequestsState extends ListState<TradeRequestItem> {
  /** POST /api/requests: JSON, or multipart with the trip screenshots (pairing requests only). */
  create: (body: RequestBody, files?: readonly File[]) => Promise<TradeRequestItem>;
  /** PUT /api/requests/:id (JSON only: an edit never sends images). */
  update: (id: number, body: RequestBody) => Promise<TradeRequestItem>;
  /** DELETE /api/requests/:id. */
  delete: (id: number) => Promise<void>;
  /** A request was created or saved (a write's answer, or 'board:upsert'). */
  saved: (request: TradeRequestItem) => void;
  /** One of the user's requests was deleted: it leaves for good, with its matches. */
  deleted: (id: number) => void;
  /** 'board:remove': the request was deleted or is no longer current. */
  leftBoard: (id: number) => void;
}

/** Own requests with a write under way: a 'board:remove' for them is explained by its answer, still to come. */
const writing = new Set<number>();

const isMine = (request: TradeRequestItem) => {
  const me = useSessionStore.getState().user?.id;
  return me !== undefined && (request.userId === me || request.user?.id === me);
};

/**
 * The owner's standing rule (docs/decisions/0045) comes in their own copies only: a copy without it
 * (the board's, a 'board:upsert' after the owner's own edit) keeps the one held. Only the owner's
 * writes change it, and their answers carry it.
 */
function withOwnRule(copy: TradeRequestItem, held: readonly TradeRequestItem[]): TradeRequestItem {
  if (copy.autoAccept !== undefined) return copy;
  const rule = held.find((r) => r.id === copy.id)?.autoAccept;
  return rule === undefined ? copy : { ...copy, autoAccept: rule };
}

export const useMyRequestsStore = create<MyRequestsState>()((set, get, store) => ({
  // The active ones only, by date, a page at a time: what the screens show of the user's own.
  ...listStore<TradeRequestItem>(pagesOf(withQuery('/api/requests', { status: 'active' }), itself<TradeRequestItem>), {
    keep: (r) => r.status === 'active',
    isNewer: isNewerRequest,
    order: byDateThenId,
  })(set, get, store),

  create: async (body, files = []) => {
    // The server takes screenshots on pairing requests only; others go as JSON without them.
    const withFiles = files.length > 0 && body.routeType === 'pairing';
    const created = await api.post('/api/requests', withFiles ? requestFormData(body, files) : body);
    get().saved(created);
    return created;
  },

  update: async (id, body) => {
    writing.add(id);
    try {
      const updated = await api.put(`/api/requests/${id}`, body);
      get().saved(updated);
      return updated;
    } finally {
      writing.delete(id);
    }
  },

  delete: async (id) => {
    writing.add(id);
    try {
      await api.delete(`/api/requests/${id}`);
      get().deleted(id);
    } finally {
      writing.delete(id);
    }
  },

  saved: (copy) => {
    const request = withOwnRule(copy, get().items);
    useBoardStore.getState().upsert(request);
    if (isMine(request)) get().upsert(request);
    useMatchesStore.getState().requestSaved(request);
  },

  deleted: (id) => {
    get().markDeleted(id);
    useBoardStore.getState().markDeleted(id);
    useMatchesStore.getState().requestDeleted(id);
  },

  leftBoard: (id) => {
    useBoardStore.getState().remove(id);
    const own = get().items.find((r) => r.id === id);
    // An own request that should still be on the board was deleted elsewhere or completed: only the
    // REST list says which. One that is past or no longer active explains itself.
    if (own && get().loaded && !writing.has(id) && isOnBoard(own)) void get().fetch();
  },
}));

liveList('my requests', useMyRequestsStore);

let loading: Promise<void> | null = null;
/** The own list, read once where a screen needs it only for what the board's copies leave out (the standing rule). */
export function ensureMyRequests(): Promise<void> {
  if (useMyRequestsStore.getState().loaded) return Promise.resolve();
  return (loading ??= useMyRequestsStore
    .getState()
    .fetch()
    .finally(() => (loading = null)));
}

/** The standing rule on one of the owner's requests, from their own list (read first if need be); undefined when not held. */
export async function ownRuleOf(id: number): Promise<boolean | undefined> {
  const held = useMyRequestsStore.getState().items.find((r) => r.id === id)?.autoAccept;
  if (held !== undefined) return held;
  await ensureMyRequests();
  return useMyRequestsStore.getState().items.find((r) => r.id === id)?.autoAccept;
}
