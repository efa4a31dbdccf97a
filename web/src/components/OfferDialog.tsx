// The Request Trade dialog (spec sections 2 and 5). Contract fixed for the screens that open it
// (Tradeboard, Matches, crew profile); the body is built with the offers screens.
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';

export interface OfferTarget {
  toUserId: number;
  /** Shown in the dialog's title. */
  toUserName: string;
  /** The request the offer answers; null from a crew profile (only a message is sent). */
  request: TradeRequestItem | null;
  /** Set when sent from Matches: the match moves to trade_requested and its notification is acknowledged. */
  matchId?: number;
}

export interface OfferDialogProps {
  /** null: closed. */
  target: OfferTarget | null;
  onClose: () => void;
  onSent?: (offer: OfferItem) => void;
}

export function OfferDialog(_props: OfferDialogProps) {
  return null;
}
