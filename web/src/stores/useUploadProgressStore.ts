// Multipart sends in flight, with how many of their bytes have left the device: a phone on a
// crew-room Wi-Fi sending six 10 MB photos takes a while, and says how far it is (docs/decisions/0024).
import { create } from 'zustand';

export interface UploadInFlight {
  id: number;
  files: number;
  loaded: number;
  total: number;
}

interface UploadProgressState {
  uploads: UploadInFlight[];
  start(files: number): number;
  progress(id: number, loaded: number, total: number): void;
  finish(id: number): void;
}

let nextId = 1;

export const useUploadProgressStore = create<UploadProgressState>((set) => ({
  uploads: [],
  start(files) {
    const id = nextId++;
    set((s) => ({ uploads: [...s.uploads, { id, files, loaded: 0, total: 0 }] }));
    return id;
  },
  progress(id, loaded, total) {
    set((s) => ({ uploads: s.uploads.map((u) => (u.id === id ? { ...u, loaded, total } : u)) }));
  },
  finish(id) {
    set((s) => ({ uploads: s.uploads.filter((u) => u.id !== id) }));
  },
}));

/** All sends in flight as one: files, and the share of their bytes sent (0..100). */
export function overallProgress(uploads: readonly UploadInFlight[]): { files: number; percent: number } {
  const files = uploads.reduce((n, u) => n + u.files, 0);
  const total = uploads.reduce((n, u) => n + u.total, 0);
  const loaded = uploads.reduce((n, u) => n + u.loaded, 0);
  return { files, percent: total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : 0 };
}
