// The one open confirmation (a delete, say): confirm() opens the app's confirm dialog in place of
// the browser's window.confirm, and resolves with the user's answer.
import type { ReactNode } from 'react';
import { create } from 'zustand';

export interface ConfirmInput {
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** A destructive action gets the danger colour on its button. */
  destructive?: boolean;
  /** More to read before answering, under the description (a roster's reasons). */
  details?: ReactNode;
}

interface ConfirmState {
  current: (ConfirmInput & { resolve: (ok: boolean) => void }) | null;
  answer: (ok: boolean) => void;
}

export const useConfirmStore = create<ConfirmState>((set, get) => ({
  current: null,
  answer: (ok) => {
    const current = get().current;
    set({ current: null });
    current?.resolve(ok);
  },
}));

/** Asks the user; true when they confirm. A new question answers an unanswered one with false. */
export function confirm(input: ConfirmInput): Promise<boolean> {
  useConfirmStore.getState().current?.resolve(false);
  return new Promise((resolve) => useConfirmStore.setState({ current: { ...input, resolve } }));
}
