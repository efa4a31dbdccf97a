// Three-way trade chains (docs/decisions/0014).
// Part of MSG (protocol/messages.ts); the web imports this file alone for these texts.
export const CHAINS_MSG = {
  chainNotFound: 'Trade chain not found',
  chainClosed: 'This trade chain is no longer open',
  chainAccepted: 'You accepted the trade chain',
  chainCompleted: 'Trade chain completed: all three trades are done',
  chainDeclined: 'Trade chain declined',
  chainAnswerFailed: 'Failed to answer the trade chain',
  chainsHeading: 'Three-way trade chains',
  chainStillOpen: 'This trade chain is still open: accept or decline it',
  chainNotCompleted: 'Only a completed trade chain is on the Completed tab',
  chainDismissed: 'Trade chain dismissed',
  chainDismissFailed: 'Failed to dismiss the trade chain',
  chainRemoved: 'Completed trade removed from your view',
} as const;
