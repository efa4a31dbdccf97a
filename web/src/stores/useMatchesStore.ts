// The user's matches (GET /api/matches), kept live by 'match:new' and 'match:update'.
import { create } from 'zustand';
import type { MatchItem } from '../../../protocol/shapes.ts';
import { api } from '../api/client.ts';
import { listStore, type ListState } from './listStore.ts';

interface MatchesState extends ListState<MatchItem> {
  setStatus: (id: number, status: MatchItem['status']) => void;
}

export const useMatchesStore = create<MatchesState>()((set, get, store) => ({
  ...listStore<MatchItem>('/api/matches', (path) => api.get<MatchItem[]>(path))(set, get, store),
  setStatus: (id, status) => set((s) => ({ items: s.items.map((m) => (m.id === id ? { ...m, status } : m)) })),
}));
