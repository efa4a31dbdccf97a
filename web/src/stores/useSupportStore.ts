// The caller's own support requests (GET /api/support-requests) and POST /api/support-requests. An
// admin's answer arrives as 'support:update' and replaces the request by id; a newer copy is never
// replaced by an older one (updatedAt).
import { create } from 'zustand';
import type { SupportRequestInput } from '#protocol/schemas/support.ts';
import type { SupportRequestItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { listStore, type ListState } from './listStore.ts';
import { itself, newestFirstBy, pagesOf } from './paging.ts';
import { liveList } from './liveStores.ts';

interface SupportState extends ListState<SupportRequestItem> {
  /** Files the request; throws "STATUS: body" on failure. The new request joins the list. */
  submit: (input: SupportRequestInput) => Promise<SupportRequestItem>;
}

export const isNewerSupportRequest = (a: SupportRequestItem, b: SupportRequestItem) => a.updatedAt > b.updatedAt;

export const useSupportStore = create<SupportState>()((set, get, store) => ({
  ...listStore<SupportRequestItem>(pagesOf('/api/support-requests', itself<SupportRequestItem>), {
    isNewer: isNewerSupportRequest,
    order: newestFirstBy('createdAt'),
  })(set, get, store),
  submit: async (input) => {
    const created = await api.post('/api/support-requests', input);
    get().upsert(created);
    return created;
  },
}));

liveList('support', useSupportStore);
