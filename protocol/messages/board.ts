// The tradeboard and the lists of requests: filters, empty states, removing one's own request.
// Part of MSG (protocol/messages.ts); the web imports this file alone for these texts.
export const BOARD_MSG = {
  emptyBoard: 'No available trades from your airline and position yet',
  emptyFiltered: 'No trades match your current filters',
  requestDeleteFailed: 'Failed to delete request',
  boardSearchTooLong: 'Search must be 100 characters or fewer',
  requestStatusInvalid: 'Status must be active, pending or completed',
  boardDateInvalid: 'Date must be a day written YYYY-MM-DD',
} as const;
