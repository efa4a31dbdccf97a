// My Month (/calendar, issue 43): the month's roster, requests, offers and trades by day.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const CALENDAR_TEXT = {
  title: 'My Month',
  subtitle: 'Your roster, requests and trades, day by day',
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  today: 'Today',
  todayMark: 'Today',
  legend: 'Key',
  legendFlight: 'Flight duty',
  legendReserve: 'Reserve / standby',
  legendTraining: 'Training / office',
  legendOff: 'Day off or leave',
  legendRequest: 'Your request',
  legendOffer: 'Pending offer',
  legendTrade: 'Completed trade',
  legendConflict: 'Conflicts with your roster',
  noRoster: 'No roster yet: your duties show here once it is uploaded.',
  noRosterLink: 'Upload it on Profile Settings',
  /** The roster shows its coming 90 days (GET /api/roster); followed by the last day shown. */
  rosterWindow: (last: string) => `Your roster shows from today to ${last}.`,
  nothingOnDay: 'Nothing on this day.',
  rosterHeading: 'Roster',
  requestsHeading: 'Your requests',
  offersHeading: 'Pending offers',
  tradesHeading: 'Completed trades',
  dayListHeading: 'This month',
  dayListEmpty: 'Nothing this month yet.',
  openInTrades: 'Open in Trades',
  pending: 'Pending',
  completed: 'Completed',
  requestsFailed: 'Could not load your requests.',
  /** "+2 more" in a day's cell. */
  more: (n: number) => `+${n} more`,
  /** Times are at the crew member's base: "Times at your base (ATL)". */
  timesAt: (base: string | null) => (base ? `Times at your base (${base})` : 'Times at your base'),
} as const;
