// The signed-in user's own requests (GET /api/requests), every status; screens pick the active ones.
import { create } from 'zustand';
import type { TradeRequestItem } from '../../../protocol/shapes.ts';
import { api } from '../api/client.ts';
import { listStore, type ListState } from './listStore.ts';

export const useMyRequestsStore = create<ListState<TradeRequestItem>>()(
  listStore<TradeRequestItem>('/api/requests', (path) => api.get<TradeRequestItem[]>(path)),
);
