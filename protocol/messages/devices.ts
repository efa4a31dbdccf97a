// The calendar feed and push notifications (docs/decisions/0013).
// Part of MSG (protocol/messages.ts); the web imports this file alone for these texts.
export const DEVICES_MSG = {
  calendarFeedNotFound: 'Calendar not found',
  calendarFeedRevoked: 'Calendar link revoked',
  pushEndpointInvalid: 'This browser’s push address is not valid',
  pushServiceNotAllowed: 'Crewtrade cannot send to this browser’s push service',
  pushKeysInvalid: 'This browser’s push keys are not valid',
  pushSubscribed: 'Push notifications are on for this device',
  pushUnsubscribed: 'Push notifications are off for this device',
} as const;
