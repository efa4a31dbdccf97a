// Words and states more than one area of the app shows (buttons, loading, errors).
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const COMMON_TEXT = {
  loading: 'Loading...',
  errorTitle: 'Error',
  cancel: 'Cancel',
  delete: 'Delete',
  remove: 'Remove',
  tryAgain: 'Try Again',
  back: 'Back',
  sending: 'Sending...',
  accept: 'Accept',
  decline: 'Decline',
  requestTrade: 'Request Trade',
  loadMore: 'Load more',
  loadEarlier: 'Load earlier',
  /** Above the newest messages caught up after a long time away (stores/messageRooms.ts). */
  loadTheRest: 'Load the rest',
  missedWhileAway: 'Earlier messages from while you were away are not loaded yet.',
} as const;
