// The tradeboard (GET /api/all-trades: active requests of the user's group, own included), kept
// live by 'board:upsert' and 'board:remove'.
import { create } from 'zustand';
import type { TradeRequestItem } from '../../../protocol/shapes.ts';
import { api } from '../api/client.ts';
import { listStore, type ListState } from './listStore.ts';

export const useBoardStore = create<ListState<TradeRequestItem>>()(
  listStore<TradeRequestItem>(
    '/api/all-trades',
    (path) => api.get<TradeRequestItem[]>(path),
    (item) => item.status === 'active',
  ),
);
