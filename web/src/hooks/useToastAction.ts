// A card's button action: busy while it runs, its success said in a toast, a failure in an error
// toast with the server's message (or the thrown text, or the card's fallback).
import { useState } from 'react';
import { serverMessage } from '../api/client.ts';
import { toast } from '../stores/useToastStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';

export function useToastAction(fallback: string) {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      toast({ title: await action() });
    } catch (err) {
      // An ApiError's text is "STATUS: body"; an Error the card threw carries a sentence to show.
      const own = err instanceof Error && !/^\d{3}: /.test(err.message) ? err.message : undefined;
      toast({ title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? own ?? fallback, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
