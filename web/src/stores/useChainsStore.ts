// The user's three-way trade chains (GET /api/chains) and their answers: POST /api/chains/:id/accept
// and /decline. The answer to one's own write is applied as it comes (no refetch); 'chain:update'
// brings every other change (a chain proposed, another member's answer, completed, declined,
// cancelled) as a full copy. A chain only moves forward, so a copy further along wins whatever the
// order of arrival (keyedList.ts).
import { create } from 'zustand';
import type { ChainItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { memberIndex } from '../lib/chainMembers.ts';
import { listStore, type ListState } from './listStore.ts';
import { liveList } from './liveStores.ts';

/** How far a chain has come: any end beats proposed, then each answer given counts. */
function progress(chain: ChainItem): number {
  const answered = chain.members.filter((m) => m.decision !== 'pending').length;
  return (chain.status === 'proposed' ? 0 : 10) + answered;
}

/** True when `a` is a strictly later copy of the same chain than `b`. */
export function isNewerChain(a: ChainItem, b: ChainItem): boolean {
  const pa = progress(a);
  const pb = progress(b);
  if (pa !== pb) return pa > pb;
  // Same answers: a member's request saved again (its copy in the chain moves on with updatedAt).
  const at = Date.parse(a.updatedAt);
  const bt = Date.parse(b.updatedAt);
  return Number.isFinite(at) && Number.isFinite(bt) && at > bt;
}

/** Whether the chain waits for this user's answer: still proposed and their decision pending. */
export function awaitsAnswer(chain: ChainItem, userId: number | undefined): boolean {
  const i = memberIndex(chain, userId);
  return chain.status === 'proposed' && i !== -1 && chain.members[i]?.decision === 'pending';
}

interface ChainsState extends ListState<ChainItem> {
  /** POST /api/chains/:id/accept; answers the chain as it now stands (completed when this was the last answer). Throws "STATUS: body". */
  accept: (id: number) => Promise<ChainItem>;
  /** POST /api/chains/:id/decline: the chain ends for all three. Throws "STATUS: body". */
  decline: (id: number) => Promise<ChainItem>;
  /** POST /api/chains/:id/dismiss: an ended chain leaves the user's /matches for good. Throws "STATUS: body". */
  dismiss: (id: number) => Promise<void>;
}

export const useChainsStore = create<ChainsState>()((set, get, store) => ({
  ...listStore<ChainItem>(() => api.get('/api/chains'), { isNewer: isNewerChain })(set, get, store),
  accept: async (id) => {
    const chain = await api.post(`/api/chains/${id}/accept`, undefined as never);
    get().upsert(chain);
    return chain;
  },
  decline: async (id) => {
    const chain = await api.post(`/api/chains/${id}/decline`, undefined as never);
    get().upsert(chain);
    return chain;
  },
  dismiss: async (id) => {
    await api.post(`/api/chains/${id}/dismiss`, undefined as never);
    // Ended chains change no more: no late copy may bring it back.
    get().markDeleted(id);
  },
}));

interface CompletedChainsState extends ListState<ChainItem> {
  /** POST /api/chains/:id/hide: the completed chain leaves the user's Completed tab and count. Throws "STATUS: body". */
  hide: (id: number) => Promise<void>;
}

/**
 * The user's completed chains as trades on the Trades screen's Completed tab (GET
 * /api/chains/completed, docs/decisions/0025): 'chain:update' adds one as it completes.
 */
export const useCompletedChainsStore = create<CompletedChainsState>()((set, get, store) => ({
  ...listStore<ChainItem>(() => api.get('/api/chains/completed'), { isNewer: isNewerChain, keep: (c) => c.status === 'completed' })(
    set,
    get,
    store,
  ),
  hide: async (id) => {
    await api.post(`/api/chains/${id}/hide`, undefined as never);
    get().markDeleted(id);
  },
}));

liveList('chains', useChainsStore);
liveList('completed chains', useCompletedChainsStore);
