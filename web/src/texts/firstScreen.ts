// The web texts the signed-in first screens read (the app shell, the dashboard, the tradeboard, and
// what the router's chunk renders around them: the offline line, the update prompt, the upload
// progress, the landing page). A catalogue apart so those screens do not download the other two
// hundred texts; web/src/texts.ts holds them all (these included) for every other screen.
// docs/decisions/0036-light-signed-in-first-screen.md.
import type { DashboardStats } from '#protocol/shapes.ts';

/** What the Completed count holds, so declined offers are not read as trades done (docs/decisions/0025): "1 accepted, 1 declined". */
export const completedSplitText = (s: Pick<DashboardStats, 'acceptedTrades' | 'declinedTrades'>) =>
  `${s.acceptedTrades} accepted, ${s.declinedTrades} declined`;

export const TEXT = {
  productName: 'Crewtrade',
  tagline: 'Trip trades made simple',
  loading: 'Loading...',
  signIn: 'Sign In',
  getStarted: 'Get Started',
  continueWithGoogle: 'Continue with Google',
  continueWithApple: 'Continue with Apple',
  errorTitle: 'Error',
  noActiveRequests: 'No active requests',
  // How matching works (docs/decisions/0025): by route type, on a shared day.
  matchingRule: 'Matches are made within a route type on a shared day: pairings with pairings, reserve periods with reserve periods.',
  newMatchesNote: (n: number) => `${n} new`,
  noMessages: 'No messages yet',
  deleteRequestTitle: 'Delete Request',
  deleteRequestConfirm: 'Are you sure you want to delete this request?',
  delete: 'Delete',
  welcome: 'Welcome',
  welcomeBack: 'Welcome back',
  // offers: the Request Trade dialog and the Trades screen
  requestTrade: 'Request Trade',
  loadMore: 'Load more',
  loadMoreRequests: 'Load more requests',
  sentAnImage: 'Sent an image',
  baseChat: 'Base Chat',
  // Offline (docs/decisions/0013)
  uploadingImages: (files: number) => `Uploading ${files} ${files === 1 ? 'image' : 'images'}…`,
  newVersionAvailable: 'A new version of Crewtrade is available.',
  reloadNow: 'Reload',
  later: 'Later',
  offlineTitle: 'You are offline.',
  offlineBody: 'Crewtrade shows what it last loaded; new trades and messages arrive, and changes can be saved, once you are back online.',
} as const;
