// The roster screens' own words (docs/decisions/0023); texts the server also says are in protocol/roster.ts.
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const ROSTER_UI = {
  title: 'My Roster',
  intro:
    'Upload your roster (.ics) or subscribe to its address, and Crewtrade flags trips that clash with it before you trade. Only you see it.',
  uploadLabel: 'Upload .ics file',
  urlLabel: 'Or subscribe to its address',
  urlPlaceholder: 'https://…/roster.ics',
  urlHint: 'https only. Read again every 30 minutes.',
  subscribe: 'Subscribe',
  remove: 'Remove roster',
  removeTitle: 'Remove roster?',
  removeConfirm: 'Your roster will be deleted from Crewtrade. Trips will no longer be checked against it.',
  failed: 'Failed to save your roster. Please try again.',
  /** The entries of the coming 90 days, as the upload's answer counts them. */
  summary: (duties: number, off: number) =>
    `${count(duties, 'duty', 'duties')}${off > 0 ? `, ${count(off, 'day', 'days')} off or leave` : ''} in the next 90 days`,
  updated: 'Updated',
  subscribedTo: 'Subscribed to',
  /** Followed by a date and time. */
  failingSince: 'Could not be read since',
  keptNote: 'The last roster read is kept meanwhile.',
  upcoming: 'Coming up',
  /** The accessible name of an entry's kind menu. */
  kindOf: (title: string, day: string) => `Kind of ${title} on ${day}`,
  kindAutomatic: 'Automatic',
  kindByYou: 'set by you',
  kindFailed: 'Failed to save the kind. Please try again.',
  showAll: (n: number) => `Show all ${n}`,
  showFewer: 'Show fewer',
  dropThisTrip: 'Drop this trip',
  reasonsTitle: 'Your roster',
  reasonsHint: 'You can still go ahead: your airline decides.',
  confirmTitle: 'Check your roster',
  confirmText: 'Accepting adds a trip that clashes with your roster:',
  acceptAnyway: 'Accept anyway',
  rulesIntro: 'The limits the roster checks use for each airline’s crew. Crew see a warning, never a block.',
  rulesDays: 'Duty days in a row',
  rulesRest: 'Rest (hours)',
  rulesSave: 'Save',
  rulesFailed: 'Failed to save the roster rules.',
  rulesAirline: 'Airline',
  codesTitle: 'Airline codes',
  codesHint:
    'Airline codes: words in an airline’s roster titles and the kind of event they mean (FRD: day off), tried before the usual ones (OFF, LEAVE, SBY, SIM…).',
  codesNone: 'None yet.',
  codeLabel: (n: number) => `Code ${n}`,
  codeKindLabel: (n: number) => `Kind of code ${n}`,
  codePlaceholder: 'e.g. FRD',
  addCode: 'Add code',
  removeCode: (n: number) => `Remove code ${n}`,
} as const;
