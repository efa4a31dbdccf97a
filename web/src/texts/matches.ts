// The Matches screen.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).
import { CLOSED_TEXT } from '#protocol/closedText.ts';

export const MATCHES_TEXT = {
  tradeCompleted: 'Trade Completed',
  pendingMatch: 'Pending Match',
  tradeMatch: 'Trade Match',
  closed: CLOSED_TEXT.matchBadge,
  createARequest: 'Create a Request',
  deleteMatchTitle: 'Remove Completed Trade',
  deleteMatchConfirm: 'Remove this completed trade from your matches?',
  deleteClosedTitle: 'Remove Closed Match',
  deleteClosedConfirm: 'Remove this closed match from your matches?',
  closedRemoved: 'Closed match removed',
  directMatches: 'Direct Matches',
} as const;
