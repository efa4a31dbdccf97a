// Schedule screenshots.
// Part of MSG (protocol/messages.ts); the web imports this file alone for these texts.
export const SCHEDULE_MSG = {
  scheduleInvalidTypeTitle: 'Invalid File Type',
  scheduleInvalidType: 'Please select only image files (JPG, PNG, HEIC, etc.)',
  scheduleUploadedTitle: 'Upload Successful',
  scheduleUploadFailedTitle: 'Upload Failed',
  scheduleUploadFailed: 'There was an error uploading your files. Please try again.',
  scheduleFileRequired: 'Choose an image to upload',
  tooManyScheduleImages: 'You can keep up to 30 schedule images. Delete one to upload another.',
  scheduleImageNotFound: 'Schedule image not found',
  scheduleOneFile: 'Upload one schedule image at a time.',
} as const;
