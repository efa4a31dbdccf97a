// Edit and Delete on one of the user's own requests (dashboard table, tradeboard card). Delete asks
// first; Edit hands the request to the screen's request dialog.
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { BOARD_MSG } from '#protocol/messages/board.ts';
import { confirmThenAct } from '../hooks/useConfirmAction.ts';
import { useMyRequestsStore } from '../stores/useMyRequestsStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { REQUESTS_TEXT } from '../texts/requests.ts';

export function OwnRequestActions({ request, onEdit }: { request: TradeRequestItem; onEdit: (request: TradeRequestItem) => void }) {
  return (
    <>
      <button type="button" className="button button-outline button-sm" onClick={() => onEdit(request)}>
        Edit
      </button>
      <button type="button" className="button button-danger-outline button-sm" onClick={() => void deleteRequest(request.id)}>
        Delete
      </button>
    </>
  );
}

function deleteRequest(id: number): Promise<void> {
  return confirmThenAct({
    ask: {
      title: REQUESTS_TEXT.deleteRequestTitle,
      description: REQUESTS_TEXT.deleteRequestConfirm,
      confirmLabel: COMMON_TEXT.delete,
      destructive: true,
    },
    // Gone from the lists as the answer lands: no toast.
    act: () => useMyRequestsStore.getState().delete(id),
    failed: BOARD_MSG.requestDeleteFailed,
  });
}
