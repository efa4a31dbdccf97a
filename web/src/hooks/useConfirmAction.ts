// A write the user is asked about first (a delete, a cancel, an Accept the roster warns about), in
// one shape: the question in the app's confirm dialog (stores/useConfirmStore.ts), nothing at all on
// No; on Yes the write, then its toast, or on failure an error toast with the server's message (else
// the screen's own sentence). useConfirmAction adds a busy flag for buttons that wait on it;
// useToastAction (a button's action whose answer is its toast) is built on the same function.
import { useState } from 'react';
import { serverMessage } from '../api/client.ts';
import { confirm, type ConfirmInput } from '../stores/useConfirmStore.ts';
import { toast, type ToastInput } from '../stores/useToastStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';

export interface ConfirmedAction {
  /**
   * The question. A function is asked when the action starts and may find nothing to ask (null: a
   * roster with no conflict); left out, the write goes ahead at once.
   */
  ask?: ConfirmInput | (() => Promise<ConfirmInput | null>);
  /** The write, once the answer is Yes; it answers with the toast to show (nothing: no toast). */
  act: () => Promise<ToastInput | void>;
  /**
   * A failed write: the sentence shown under "Error" when the server gave no message of its own, or
   * the whole toast.
   */
  failed: string | ((err: unknown) => ToastInput);
  /** After the write's toast, however it went (not after a No): a row's busy mark cleared. */
  settled?: () => void;
}

/** Asks, then acts, then toasts. Never rejects for the write: its failure is the error toast. */
export async function confirmThenAct(action: ConfirmedAction): Promise<void> {
  const question = typeof action.ask === 'function' ? await action.ask() : action.ask;
  if (question && !(await confirm(question))) return;
  try {
    const said = await action.act();
    if (said) toast(said);
  } catch (err) {
    const { failed } = action;
    toast(
      typeof failed === 'string'
        ? { title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? failed, variant: 'destructive' }
        : failed(err),
    );
  } finally {
    action.settled?.();
  }
}

/**
 * confirmThenAct for a card's buttons: busy from the click until the toast, the question (and a check
 * made before it) included, so a second click waits for the first action to end.
 */
export function useConfirmAction() {
  const [busy, setBusy] = useState(false);
  async function run(action: ConfirmedAction): Promise<void> {
    setBusy(true);
    try {
      await confirmThenAct(action);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
