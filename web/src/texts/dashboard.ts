// The dashboard (/), and the Completed count the Trades screen repeats.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).
import type { DashboardStats } from '#protocol/shapes.ts';

/** What the Completed count holds, so declined offers are not read as trades done (docs/decisions/0025): "1 accepted, 1 declined". */
export const completedSplitText = (s: Pick<DashboardStats, 'acceptedTrades' | 'declinedTrades'>) =>
  `${s.acceptedTrades} accepted, ${s.declinedTrades} declined`;

/** The Completed tab's line: "Completed: 1 accepted, 1 declined". */
export const completedCountText = (s: Pick<DashboardStats, 'acceptedTrades' | 'declinedTrades'>) => `Completed: ${completedSplitText(s)}`;

export const DASHBOARD_TEXT = {
  welcome: 'Welcome',
  welcomeBack: 'Welcome back',
  noActiveRequests: 'No active requests',
  newMatchesNote: (n: number) => `${n} new`,
  noMessages: 'No messages yet',
} as const;
