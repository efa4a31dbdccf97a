// Edit and Delete on one of the user's own requests (dashboard table, tradeboard card). Delete asks
// first (requestActions.deleteRequest); Edit hands the request to the screen's request dialog.
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { deleteRequest } from '../lib/requestActions.ts';

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
