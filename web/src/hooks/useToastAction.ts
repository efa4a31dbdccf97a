// A card's button action: busy while it runs, its success said in a toast, a failure in an error
// toast with the server's message (or the thrown text, or the card's fallback). With a question,
// asked first (confirmThenAct, useConfirmAction.ts): busy only once the answer is Yes.
import { useState } from 'react';
import { serverMessage } from '../api/client.ts';
import type { ConfirmInput } from '../stores/useConfirmStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { confirmThenAct } from './useConfirmAction.ts';

export function useToastAction(fallback: string) {
  const [busy, setBusy] = useState(false);
  function run(action: () => Promise<string>, ask?: ConfirmInput): Promise<void> {
    return confirmThenAct({
      ask,
      act: async () => {
        setBusy(true);
        return { title: await action() };
      },
      failed: (err) => {
        // An ApiError's text is "STATUS: body"; an Error the card threw carries a sentence to show.
        const own = err instanceof Error && !/^\d{3}: /.test(err.message) ? err.message : undefined;
        return { title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? own ?? fallback, variant: 'destructive' };
      },
      settled: () => setBusy(false),
    });
  }
  return { busy, run };
}
