import type { EntityManager } from '@mikro-orm/postgresql';
import { kysely } from '../../db/kysely.ts';
import { microsOf, pageLimit, pastTimeCursor, type TimeCursor } from '../../db/paging.ts';
import type { StoredUpload } from '../../storage/file-store.ts';

const imageFields = ['id', 'filename', 'original_name as originalName', 'mime_type as mimeType', 'uploaded_at as uploadedAt'] as const;

/**
 * A page of a user's schedule images, newest first (ids break ties between uploads of the same
 * instant): PAGE_SIZE + 1 rows from the cursor (pageFrom).
 */
export function ownScheduleImages(em: EntityManager, userId: number, cursor?: TimeCursor) {
  return kysely(em)
    .selectFrom('schedule_images')
    .select(imageFields)
    .select(microsOf('uploaded_at').as('sortMicros'))
    .where('user_id', '=', userId)
    .where(pastTimeCursor('uploaded_at', 'id', cursor ?? null))
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageLimit())
    .execute();
}

export type ScheduleImageRow = Awaited<ReturnType<typeof insertScheduleImage>>;

export function insertScheduleImage(em: EntityManager, userId: number, image: StoredUpload) {
  return kysely(em)
    .insertInto('schedule_images')
    .values({ user_id: userId, filename: image.filename, original_name: image.originalName, mime_type: image.mimeType, size: image.size })
    .returning(imageFields)
    .executeTakeFirstOrThrow();
}

/** Deletes the owner's image; its stored file name, or undefined when it is not theirs (or gone). */
export async function deleteOwnScheduleImage(em: EntityManager, id: number, userId: number): Promise<string | undefined> {
  const row = await kysely(em)
    .deleteFrom('schedule_images')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('filename')
    .executeTakeFirst();
  return row?.filename;
}

/** How many schedule images the user keeps (MAX_SCHEDULE_IMAGES caps it). */
export async function scheduleImageCount(em: EntityManager, userId: number): Promise<number> {
  const row = await kysely(em)
    .selectFrom('schedule_images')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
