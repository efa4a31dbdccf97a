// One toast at a time: a new one replaces the old; each closes itself after 5000 ms.
import { create } from 'zustand';
import { TOAST_DURATION_MS } from '#protocol/limits.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface Toast extends ToastInput {
  id: number;
}

interface ToastState {
  toast: Toast | null;
  show: (toast: ToastInput) => void;
  dismiss: () => void;
}

let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

export const useToastStore = create<ToastState>((set, get) => ({
  toast: null,
  show: (input) => {
    clearTimeout(timer);
    const id = ++seq;
    set({ toast: { ...input, id } });
    timer = setTimeout(() => {
      if (get().toast?.id === id) set({ toast: null });
    }, TOAST_DURATION_MS);
  },
  dismiss: () => {
    clearTimeout(timer);
    set({ toast: null });
  },
}));

/** Shows a toast from anywhere (event handlers, stores). */
export function toast(input: ToastInput): void {
  useToastStore.getState().show(input);
}
