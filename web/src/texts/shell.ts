// The app's frame around every screen: the offline line, the update prompt, uploads, the bell.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const SHELL_TEXT = {
  newVersionAvailable: 'A new version of Crewtrade is available.',
  reloadNow: 'Reload',
  later: 'Later',
  offlineTitle: 'You are offline.',
  offlineBody: 'Crewtrade shows what it last loaded; new trades and messages arrive, and changes can be saved, once you are back online.',
  uploadingImages: (files: number) => `Uploading ${files} ${files === 1 ? 'image' : 'images'}…`,
  noNotifications: 'No new notifications',
  catchingUp: 'Catching up…',
  catchUpFailed: 'Some of what you see may be out of date.',
} as const;
