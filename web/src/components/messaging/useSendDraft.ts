// One send of a composer: the text and images leave the composer at once (the message shows as a
// stand-in); a failure puts them back with the error toast. A retry of the same draft reuses its
// clientKey, so a send whose answer was lost is stored once; a changed draft gets a new key.
import { useRef } from 'react';
import { MSG } from '#protocol/messages.ts';
import { toast } from '../../stores/useToastStore.ts';
import { newClientKey } from '../../stores/messageList.ts';
import { TEXT } from '../../texts.ts';

export function useSendDraft() {
  const last = useRef<{ key: string; signature: string } | null>(null);

  /** The key for this draft: the failed one's when the draft is the same. */
  function keyFor(text: string, files: readonly File[]): string {
    const signature = JSON.stringify([text, files.map((f) => [f.name, f.size, f.lastModified])]);
    if (last.current?.signature === signature) return last.current.key;
    const key = newClientKey();
    last.current = { key, signature };
    return key;
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
