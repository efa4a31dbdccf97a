// A new version of the app, installed by its service worker and waiting: the prompt offers the
// reload (web/src/components/UpdatePrompt.tsx); web/src/app/serviceWorker.ts finds the worker.
import { create } from 'zustand';
import type { SkipWaitingMessage } from '../sw/sw-messages.ts';

interface AppUpdateState {
  waiting: ServiceWorker | null;
  offer(worker: ServiceWorker): void;
  /** The new worker takes over; the page reloads when it has (serviceWorker.ts). */
  apply(): void;
  dismiss(): void;
}

export const useAppUpdateStore = create<AppUpdateState>((set, get) => ({
  waiting: null,
  offer(worker) {
    set({ waiting: worker });
  },
  apply() {
    const message: SkipWaitingMessage = { type: 'crewtrade:skip-waiting' };
    get().waiting?.postMessage(message);
  },
  dismiss() {
    set({ waiting: null });
  },
}));
