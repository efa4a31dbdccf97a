// One send of a composer: the text and images leave the composer at once (the message shows as a
// stand-in); a failure puts them back with the error toast. A retry of the same draft reuses its
// clientKey, so a send whose answer was lost is stored once; a changed draft gets a new key.
import { useRef } from 'react';
import { MSG } from '#protocol/messages.ts';
import { toast } from '../../stores/useToastStore.ts';
import { newClientKey } from '../../stores/messageList.ts';
import { TEXT } from '../../texts.ts';

export interface DraftKey {
  key: string;
  signature: string;
}

/** The key for a draft: the last failed send's when the draft is the same, else a new one. */
export function draftKey(last: DraftKey | null, text: string, files: readonly File[]): DraftKey {
  const signature = JSON.stringify([text, files.map((f) => [f.name, f.size, f.lastModified])]);
  return last?.signature === signature ? last : { key: newClientKey(), signature };
}

export function useSendDraft() {
  const last = useRef<DraftKey | null>(null);

  function keyFor(text: string, files: readonly File[]): string {
    last.current = draftKey(last.current, text, files);
    return last.current.key;
  }

  async function run(
    text: string,
    files: File[],
    send: (key: string) => Promise<unknown>,
    restore: (text: string, files: File[]) => void,
    failText: string = MSG.messageSendFailed,
  ) {
    const key = keyFor(text, files);
    try {
      await send(key);
      last.current = null;
    } catch {
      restore(text, files);
      toast({ title: TEXT.errorTitle, description: failText, variant: 'destructive' });
    }
  }

  return { run };
}
