// What a push notification carries (docs/decisions/0013): the server encrypts it to the device, the service
// worker (web/src/sw/service-worker.ts) shows it and, on a click, opens `url` in the app.

export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app: where a click on the notification leads. */
  url: string;
  /** Notifications with the same tag replace each other on the device (one per conversation...). */
  tag: string;
}

/** GET /api/push: what the browser subscribes with, and how many of the caller's devices have push on. */
export interface PushInfo {
  publicKey: string;
  devices: number;
}

/** POST /api/push/test: how many devices the test notification went to. */
export interface PushTestResult {
  sent: number;
}

/** The notification texts, one per event that pushes (docs/product-spec.md section 8's titles where it has one). */
export const PUSH_TEXT = {
  matchTitle: 'New Match Found',
  chainTitle: 'Three-Way Trade Found',
  chainBody: (names: readonly string[]) => `You, ${names.join(' and ')} can trade in a ring. Open Matches to answer.`,
  // An offer's body is its sentence from the reader's side (protocol/offerText.ts), as in the bell.
  offerTitle: 'New Trade Request',
  acceptedTitle: 'Trade Request Accepted',
  ruleAcceptedTitle: 'Trade Accepted Automatically',
  counterTitle: 'New Counter-Offer',
  declinedTitle: 'Trade Request Declined',
  closedTitle: 'Trade Request Closed',
  messageTitle: (name: string) => `Message from ${name}`,
  photoOnly: 'Sent a photo',
  testTitle: 'Crewtrade',
  testBody: 'Push notifications work on this device.',
} as const;

/** A message's text as a notification shows it: one line, at most this many characters. */
export const PUSH_PREVIEW_MAX = 140;
