// What any request or page may answer: sign-in needed, limits, outages, a missing page.
// Part of MSG (protocol/messages.ts); the web imports this file alone for these texts.
export const COMMON_MSG = {
  notSignedIn: 'Not authenticated',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyCreates: 'You’re doing this too often. Please wait a few minutes and try again.',
  forbiddenOrigin: 'Cross-site request refused',
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  notFound: 'Not found',
  userNotFound: 'User not found',
  /**
   * A write named a user or request that was deleted while it ran (a foreign key found nothing): the
   * statement or its transaction failed as a whole, so the crew member is told nothing was saved.
   */
  referenceGone: 'Nothing was saved: the crew member or request this refers to no longer exists. Please refresh and try again.',
  controlCharacters: 'Text must not contain control characters',
  invalidCursor: 'Invalid page cursor',
  notFoundPage: '404 Page Not Found',
} as const;
