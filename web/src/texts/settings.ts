// Profile settings: the crew member's day (docs/decisions/0025), push and the calendar feed
// (docs/decisions/0013).
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const SETTINGS_TEXT = {
  yourDayTitle: 'Your Day',
  yourDayFromBase: (base: string, zone: string) => `"Today" follows the time at your base, ${base} (${zone.replaceAll('_', ' ')}).`,
  yourDayUnknownBase: (base: string) =>
    `Crewtrade does not know the time zone of ${base || 'your base'}. Pick yours so that "today" matches your base (UTC until you do).`,
  timeZoneLabel: 'Time zone',
  saveTimeZone: 'Save Time Zone',
  pushTitle: 'Push Notifications',
  pushIntro: 'New matches, trade requests, answers to your requests and messages on this device, even with Crewtrade closed.',
  pushToggle: 'Push notifications on this device',
  pushUnsupported:
    'This browser cannot receive push notifications. On an iPhone or iPad, add Crewtrade to your Home Screen first (Share, Add to Home Screen), then turn them on there.',
  pushBlocked: 'Notifications are blocked for Crewtrade in this browser’s settings. Allow them there, then turn push on here.',
  pushDevices: (n: number) => (n === 1 ? 'On for 1 device of yours.' : `On for ${n} devices of yours.`),
  pushTest: 'Send a test notification',
  pushOn: 'Push notifications on',
  pushOff: 'Push notifications off',
  pushTestSent: (n: number) => (n === 1 ? 'Test notification sent to 1 device' : `Test notification sent to ${n} devices`),
  pushTestNone: 'No device received it. Turn push off and on again on this device.',
  pushFailed: 'Could not change push notifications. Please try again.',
  calendarTitle: 'Calendar Feed',
  calendarIntro: 'Your active requests, matches waiting on you and completed trades in your own calendar app, kept up to date.',
  calendarAddress: 'Your private calendar address',
  calendarOnce: 'Shown once: copy it now. Anyone with this address can read your trades; replace or revoke it at any time.',
  calendarActiveSince: 'A calendar address is active since',
  calendarCreate: 'Create calendar address',
  calendarReplace: 'Replace address',
  calendarCreated: 'Calendar address ready',
  calendarRevoked: 'Calendar address revoked',
  calendarFailed: 'Could not change the calendar address. Please try again.',
  calendarCopied: 'Address copied',
  calendarCopyFailed: 'Could not copy. Select the address and copy it by hand.',
  copy: 'Copy',
  revoke: 'Revoke',
  calendarHowTo: 'How to subscribe',
  calendarGoogle: 'Google Calendar: Other calendars, +, From URL, then paste the address.',
  calendarApple: 'Apple Calendar: File, New Calendar Subscription, then paste the address.',
  calendarOutlook: 'Outlook: Add calendar, Subscribe from web, then paste the address.',
} as const;
