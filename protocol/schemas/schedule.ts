import { SCHEDULE_MSG } from '../messages/schedule.ts';

const SCHEDULE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif'] as const;

/**
 * The schedule page's type rule (docs/product-spec.md section 5): a type starting with image/, or one of the
 * extensions. The server still sniffs the bytes; this only decides what the page offers to send.
 */
export function isScheduleImageFile(file: { name: string; type: string }): boolean {
  if (file.type.startsWith('image/')) return true;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return (SCHEDULE_EXTENSIONS as readonly string[]).includes(ext);
}

export const SCHEDULE_INVALID_TYPE = {
  title: SCHEDULE_MSG.scheduleInvalidTypeTitle,
  description: SCHEDULE_MSG.scheduleInvalidType,
} as const;
