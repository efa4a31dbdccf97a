// The Matches screen.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const MATCHES_TEXT = {
  tradeCompleted: 'Trade Completed',
  pendingMatch: 'Pending Match',
  tradeMatch: 'Trade Match',
  createARequest: 'Create a Request',
  deleteMatchTitle: 'Remove Completed Trade',
  deleteMatchConfirm: 'Remove this completed trade from your matches?',
  directMatches: 'Direct Matches',
} as const;
