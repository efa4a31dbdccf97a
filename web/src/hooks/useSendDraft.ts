// One send of a composer: the text and images leave the composer at once (the message shows as a
// stand-in); a failure puts them back with the error toast (the server's reason when it gave one).
// A retry of the same draft reuses its clientKey, so a send whose answer was lost is stored once; a
// changed draft gets a new key.
import { MESSAGING_MSG } from '#protocol/messages/messaging.ts';
import { serverMessage } from '../api/client.ts';
import { toast } from '../stores/useToastStore.ts';
import { useDraftKey } from './useDraftKey.ts';
import { COMMON_TEXT } from '../texts/common.ts';

export function useSendDraft() {
  const draft = useDraftKey();

  async function run(
    text: string,
    files: File[],
    send: (key: string) => Promise<unknown>,
    restore: (text: string, files: File[]) => void,
    failText: string = MESSAGING_MSG.messageSendFailed,
  ) {
    const key = draft.keyFor(text, files);
    try {
      await send(key);
      draft.sent();
    } catch (err) {
      restore(text, files);
      toast({ title: COMMON_TEXT.errorTitle, description: serverMessage(err) ?? failText, variant: 'destructive' });
    }
  }

  return { run };
}
