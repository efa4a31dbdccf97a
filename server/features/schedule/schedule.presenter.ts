import type { ScheduleImageItem } from '#protocol/shapes.ts';
import type { ScheduleImageRow } from './schedule.queries.ts';

export function presentScheduleImage(row: ScheduleImageRow): ScheduleImageItem {
  return {
    id: row.id,
    filename: row.filename,
    originalName: row.originalName,
    mimeType: row.mimeType,
    uploadedAt: new Date(row.uploadedAt).toISOString(),
  };
}
