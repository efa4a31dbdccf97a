// The signed-in user's schedule images: GET /api/schedule-images, one POST per file (field
// `schedule`, docs/product-spec.md sections 5 and 7) and DELETE /api/schedule-images/:id. Shown newest first.
import { create } from 'zustand';
import type { ScheduleImageItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';
import { listStore, type ListState } from './listStore.ts';
import { itself, newestFirstBy, pagesOf } from './paging.ts';
import { useSessionStore } from './useSessionStore.ts';
import { liveStore } from './liveStores.ts';

interface ScheduleState extends ListState<ScheduleImageItem> {
  /**
   * Uploads each file in its own call, in the order given, and adds each stored image as it comes.
   * Resolves with the number uploaded; when any file failed (the others still go), throws the
   * first failure's error ("STATUS: body", whose body has the server's reason).
   */
  upload: (files: readonly File[]) => Promise<number>;
  /** DELETE /api/schedule-images/:id; throws "STATUS: body" on failure. */
  delete: (id: number) => Promise<void>;
}

/** Newest first, as the server lists them (ids break ties). */
export function newestFirst(images: readonly ScheduleImageItem[]): ScheduleImageItem[] {
  return [...images].sort((a, b) => (a.uploadedAt < b.uploadedAt ? 1 : a.uploadedAt > b.uploadedAt ? -1 : b.id - a.id));
}

export const useScheduleStore = create<ScheduleState>()((set, get, store) => ({
  ...listStore<ScheduleImageItem>(pagesOf('/api/schedule-images', itself<ScheduleImageItem>), { order: newestFirstBy('uploadedAt') })(
    set,
    get,
    store,
  ),
  upload: async (files) => {
    let uploaded = 0;
    let failed: Error | undefined;
    // One after the other: the server takes one image per call, and the list then reads in the
    // order the files were picked (the last one newest).
    for (const file of files) {
      const form = new FormData();
      form.append('schedule', file, file.name);
      try {
        get().upsert(await api.post('/api/schedule-images', form));
        uploaded++;
      } catch (err) {
        failed ??= err instanceof Error ? err : new Error(String(err));
      }
    }
    if (failed !== undefined) throw failed;
    return uploaded;
  },
  delete: async (id) => {
    await api.delete(`/api/schedule-images/${id}`);
    get().markDeleted(id);
  },
}));

// No event feeds it: nothing to refresh after a reconnect. Sign-out's reset has never emptied it
// (the page leaves for / right after); a change of the signed-in user does (below).
liveStore('schedule images', { stores: [useScheduleStore] });

// Another account in this tab (sign-out, then sign-in) never sees the last one's images.
useSessionStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) useScheduleStore.getState().reset();
});
