// What a system close of a match says to its reader (docs/decisions/0042), for the Matches cards and
// the live toast. Kept out of texts/matches.ts: the matches store, which the dashboard loads, tells a
// close on any screen, and the first screens load no other area's texts (docs/decisions/0039).
import { closedSentence } from '#protocol/closedText.ts';
import type { MatchCloseReason } from '#protocol/enums.ts';
import type { MatchItem } from '#protocol/shapes.ts';

/** Why a match ended and which of its two requests ended it (the match's own fields, or a 'match:update'). */
export interface MatchClose {
  reason: MatchCloseReason;
  byRequestId: number;
}

/**
 * What a system close says to the match's reader (docs/decisions/0042), from their side: "Liam's
 * pickup on Dec 1 was filled" for a colleague's request, "Your drop on Dec 3 was filled" for their
 * own. Null when the match does not hold the request named (nothing true to say).
 */
export function matchClosedSentence(match: Pick<MatchItem, 'request' | 'matchedRequest'>, close: MatchClose, myId: number): string | null {
  const by = [match.request, match.matchedRequest].find((r) => r?.id === close.byRequestId);
  if (!by) return null;
  const own = (by.userId ?? by.user?.id) === myId;
  return closedSentence(close.reason, { own, ownerName: by.user?.firstName || 'A colleague', type: by.type, date: by.date });
}

/** The close of a closed match, when the server said why. */
export const closeOf = (match: Pick<MatchItem, 'closedReason' | 'closedByRequestId'>): MatchClose | null =>
  match.closedReason && match.closedByRequestId !== null ? { reason: match.closedReason, byRequestId: match.closedByRequestId } : null;
