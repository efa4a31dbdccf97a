// The offers of a negotiation (docs/decisions/0045): GET /api/trade-requests/:id/thread, oldest first,
// read when asked for (a History opened) and again when the offer it is read from changes (a live
// answer, a new counter). Null while it is read; `failed` when it could not be.
import { useEffect, useState } from 'react';
import type { OfferItem } from '#protocol/shapes.ts';
import { api } from '../api/client.ts';

export type OfferThread = { items: OfferItem[]; failed: false } | { items: []; failed: true };

export function useOfferThread(offer: Pick<OfferItem, 'id' | 'status'>, wanted: boolean): OfferThread | null {
  const key = `${offer.id}/${offer.status}`;
  const [thread, setThread] = useState<{ key: string; value: OfferThread } | null>(null);
  const { id } = offer;
  useEffect(() => {
    if (!wanted) return;
    const stale = new AbortController();
    void api
      .get(`/api/trade-requests/${id}/thread`, { signal: stale.signal })
      .then((items): OfferThread => ({ items, failed: false }))
      .catch((): OfferThread => ({ items: [], failed: true }))
      .then((value) => {
        if (!stale.signal.aborted) setThread({ key, value });
      });
    return () => stale.abort();
  }, [id, key, wanted]);
  return thread?.key === key ? thread.value : null;
}
