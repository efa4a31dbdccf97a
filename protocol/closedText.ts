// What a system close says, from its reader's side (docs/decisions/0042): an offer or a match ended
// because a request was filled, deleted or changed, never by a decline. The one text the cards,
// the bell, push and mail show.
import type { MatchCloseReason, OfferCloseReason, RequestType } from './enums.ts';
import { shortDate } from './offerText.ts';

/** The request a close names: whose it is (the reader's own or a colleague's), its type and first day. */
export interface ClosedRequest {
  own: boolean;
  /** The colleague's first name, when it is theirs. */
  ownerName: string;
  type: RequestType;
  date: string | null;
}

const TYPE_WORD: Record<RequestType, string> = { drop: 'drop', pickup: 'pickup', trade: 'trade' };

/** "Liam's pickup on Dec 1", "your pickup on Dec 1". */
function requestText(r: ClosedRequest): string {
  const whose = r.own ? 'your' : `${r.ownerName}'s`;
  return `${whose} ${TYPE_WORD[r.type]}${r.date ? ` on ${shortDate(r.date)}` : ''}`;
}
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "Liam's pickup on Dec 1 was filled", "You deleted your pickup on Dec 1", "Your drop on Dec 3 changed". */
export function closedSentence(reason: OfferCloseReason | MatchCloseReason, r: ClosedRequest): string {
  if (reason === 'request_deleted')
    return r.own
      ? `You deleted ${requestText(r)}`
      : `${r.ownerName} deleted their ${TYPE_WORD[r.type]}${r.date ? ` on ${shortDate(r.date)}` : ''}`;
  if (reason === 'request_changed') return `${capital(requestText(r))} changed and no longer matches`;
  return `${capital(requestText(r))} was filled`;
}

export const CLOSED_TEXT = {
  offerStatus: 'Closed',
  matchBadge: 'Closed',
  offerTitle: 'Trade Request Closed',
  matchTitle: 'Match Closed',
} as const;
