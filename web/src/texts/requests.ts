// A crew member's requests: the tradeboard, the request form and its images.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const REQUESTS_TEXT = {
  // How matching works (docs/decisions/0025): by route type, on a shared day.
  matchingRule: 'Matches are made within a route type on a shared day: pairings with pairings, reserve periods with reserve periods.',
  loadMoreRequests: 'Load more requests',
  deleteRequestTitle: 'Delete Request',
  deleteRequestConfirm: 'Are you sure you want to delete this request?',
  tripDaysNotSet: 'Not specified',
  imageHint: 'PNG, JPG or HEIC, up to 10 MB',
  dropImagesHere: 'or drag images here',
  chooseImages: 'Choose Images',
  invalidFilesTitle: 'Invalid Files',
  tooManyFilesTitle: 'Too Many Files',
} as const;
