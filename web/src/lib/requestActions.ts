// Deleting a request after the user confirms, shared by the dashboard and the tradeboard.
import { MSG } from '#protocol/messages.ts';
import { serverMessage } from '../api/client.ts';
import { confirm } from '../stores/useConfirmStore.ts';
import { useMyRequestsStore } from '../stores/useMyRequestsStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { TEXT } from '../texts.ts';

export async function deleteRequest(id: number): Promise<void> {
  const ok = await confirm({
    title: TEXT.deleteRequestTitle,
    description: TEXT.deleteRequestConfirm,
    confirmLabel: TEXT.delete,
    destructive: true,
  });
  if (!ok) return;
  try {
    await useMyRequestsStore.getState().delete(id);
  } catch (err) {
    toast({ title: TEXT.errorTitle, description: serverMessage(err) ?? MSG.requestDeleteFailed, variant: 'destructive' });
  }
}

/** Requests in date order (earliest first), ties by creation. */
export function byDate<T extends { date: string; id: number }>(a: T, b: T): number {
  return a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id;
}
