// Images attached to a request, an offer or a message.
// Part of MSG (protocol/messages.ts); the web imports this file alone for these texts.
export const UPLOADS_MSG = {
  onlyImages: 'Only image files are allowed.',
  tooManyImages: 'You can upload up to 6 images.',
  imageTooLarge: 'Each image must be 10MB or smaller.',
  outOfStorage: 'The server is out of storage. Please try again later.',
  uploadsUnavailable: 'Image uploads are unavailable right now. Please try again later.',
  invalidFilesTitle: 'Invalid Files',
  tooManyFilesTitle: 'Too Many Files',
  imageTooLargeTitle: 'Image Too Large',
} as const;
