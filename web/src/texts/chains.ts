// Three-way trade chains (docs/decisions/0014): the Matches section, the Trades cards and the bell.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const CHAINS_TEXT = {
  chainBadge: 'Three-Way Trade',
  chainsIntro: 'Each crew member’s trip goes to the next. The trades go through when all three accept.',
  chainsEndedNote: 'Ended chains leave this list 7 days after they end, or when you dismiss them.',
  chainYou: 'You',
  chainNoAnswer: 'No answer',
  chainGivesTo: 'Gives to',
  chainGetsFrom: 'Gets from',
  chainRequestGone: 'Request deleted',
  chainTitle: 'Three-way trade with {names}',
  chainBellSection: 'Trade Chains',
  chainBellMessage: 'You give {give} and get {get}',
  chainLegDone: 'You gave {give} to {to} and got {get} from {from}',
  chainLegGave: 'You gave to',
  chainLegGot: 'You got from',
  chainCompletedOn: 'Completed',
  dismiss: 'Dismiss',
  removeChainTradeConfirm: 'Remove this three-way trade from your view? The other two crew members still see it.',
  chainYourAnswer: 'Accept to trade your trip along this chain, or decline to end it for everyone.',
  chainWaitingFor: 'You accepted. Waiting for {names}.',
  chainDoneText: 'All three trades are done.',
  chainDeclinedBy: '{names} declined. This chain has ended.',
  chainCancelledText: 'A request in this chain changed or was removed, so the chain no longer holds.',
  declineChainTitle: 'Decline Trade Chain',
  declineChainConfirm: 'Decline this three-way trade? The chain ends for all three crew members.',
} as const;
