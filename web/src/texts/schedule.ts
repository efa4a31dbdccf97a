// The Schedule screen.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).

export const SCHEDULE_TEXT = {
  scheduleTitle: 'Schedule',
  scheduleSubtitle: 'Share screenshots of your schedule with crew in your group',
  scheduleUploadHeading: 'Upload Schedule',
  scheduleDropHere: 'Drag and drop schedule screenshots here',
  scheduleDropActive: 'Drop to upload',
  scheduleChooseFiles: 'Choose Files',
  scheduleFileInput: 'Schedule images',
  scheduleFileHint: 'JPG, PNG, HEIC and other images. Each image is uploaded on its own.',
  scheduleImagesHeading: 'Your Schedule Images',
  scheduleEmpty: 'No schedule images yet',
  scheduleEmptyHint: 'Upload a screenshot of your schedule so crew in your group can see when you fly.',
  scheduleLoadFailed: 'Could not load your schedule images.',
  scheduleRetry: 'Try Again',
  scheduleDeleteTitle: 'Delete Schedule Image',
  scheduleDeleteConfirm: 'Delete this schedule image? Crew will no longer see it on your profile.',
  scheduleDeleted: 'Schedule image deleted',
  scheduleDeleteFailed: 'Failed to delete schedule image. Please try again.',
} as const;
