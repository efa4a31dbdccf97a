import type { EntityManager } from '@mikro-orm/postgresql';
import type { Insertable, Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compileOnce } from '../../db/compiled-query.ts';
import { kysely, type DB } from '../../db/kysely.ts';
import { pageLimit, pastDayCursor, type DayCursor } from '../../db/paging.ts';
import type { StoredUpload } from '../../storage/file-store.ts';

/**
 * A request as a TradeRequestItem shows it: its columns, its owner's summary and its trip images,
 * in one statement (the images as a JSON array per row, served by trip_images_request_id_index).
 * Shared: the tradeboard's reads (board/board.queries.ts) select the same rows.
 */
export function requestItemsQuery(db: Kysely<DB>) {
  return db
    .selectFrom('requests as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select((eb) => [
      'r.id',
      'r.user_id as userId',
      'r.type',
      'r.date',
      'r.additional_dates as additionalDates',
      'r.desired_dates as desiredDates',
      'r.route_type as routeType',
      'r.route',
      'r.reserve_period as reservePeriod',
      'r.trip_days as tripDays',
      'r.aircraft_type as aircraftType',
      'r.notes',
      'r.status',
      'r.last_date as lastDate',
      'r.created_at as createdAt',
      'r.updated_at as updatedAt',
      'r.auto_accept as autoAccept',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.employee_number as employeeNumber',
      'u.airline',
      'u.position',
      'u.profile_image_url as profileImageUrl',
      jsonArrayFrom(
        eb
          .selectFrom('trip_images as i')
          .select(['i.id', 'i.filename', 'i.original_name as originalName', 'i.mime_type as mimeType'])
          .whereRef('i.request_id', '=', 'r.id')
          .orderBy('i.id'),
      ).as('tripImages'),
    ]);
}

export type RequestItemRow = Awaited<ReturnType<ReturnType<typeof requestItemsQuery>['execute']>>[number];

const afterDay = (c: DayCursor | null) => pastDayCursor('r.date', 'r.id', c);

// Compiled once: requests by id are read on busy paths (board events, match and chain items, offers).
const itemsByIds = compileOnce(['ids'], (db, a: { ids: number[] }) =>
  requestItemsQuery(db).where(({ eb, fn, val }) => eb('r.id', '=', fn.any(val(a.ids)))),
);

/** A page of the user's own requests, every status or one, by date (PAGE_SIZE + 1 rows: pageFrom). */
export function ownRequests(em: EntityManager, userId: number, status: string | undefined, cursor?: DayCursor): Promise<RequestItemRow[]> {
  return requestItemsQuery(kysely(em))
    .where('r.user_id', '=', userId)
    .$if(status !== undefined, (q) => q.where('r.status', '=', status!))
    .where(afterDay(cursor ?? null))
    .orderBy('r.date')
    .orderBy('r.id')
    .limit(pageLimit())
    .execute();
}

/** Requests by id, keyed by id (matches reference two each). */
export async function requestsById(em: EntityManager, ids: readonly number[]): Promise<Map<number, RequestItemRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await itemsByIds(em, { ids: unique });
  return new Map(rows.map((r) => [r.id, r]));
}

/** What a save writes: the fields of the form, the owner's aircraft, and the derived matching columns. */
export type RequestColumns = Omit<Insertable<DB['requests']>, 'id' | 'user_id' | 'status' | 'created_at' | 'updated_at'>;

/**
 * A request as a create's insert returns it (the trading core's GroupLock.forCreate): a
 * TradeRequestItem row without its owner's summary and images, which the create has already.
 */
export type StoredRequest = Omit<
  RequestItemRow,
  'firstName' | 'lastName' | 'employeeNumber' | 'airline' | 'position' | 'profileImageUrl' | 'tripImages'
>;

/**
 * How many of the owner's requests are on the board (active, last date `today` or later), less
 * `exceptId`: what MAX_ACTIVE_REQUESTS caps. Read after lockAccount(em, 'requests', userId). An
 * edit's check; a create counts in its insert (the trading core's insertRequest).
 */
export async function currentRequestCount(em: EntityManager, userId: number, today: string, exceptId = 0): Promise<number> {
  const row = await kysely(em)
    .selectFrom('requests')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'active')
    .where('last_date', '>=', today)
    .where('id', '<>', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The request the owner stored with this key (read after a conflicting insert: committed by then). */
export async function requestIdByClientKey(em: EntityManager, userId: number, clientKey: string): Promise<number | undefined> {
  const row = await kysely(em)
    .selectFrom('requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('client_key', '=', clientKey)
    .executeTakeFirst();
  return row?.id;
}

/** Stores a request's trip images; returns them as a TradeRequestItem lists them (in upload order). */
export async function insertTripImages(
  em: EntityManager,
  requestId: number,
  images: readonly StoredUpload[],
): Promise<RequestItemRow['tripImages']> {
  if (images.length === 0) return [];
  return kysely(em)
    .insertInto('trip_images')
    .values(
      images.map((i) => ({
        request_id: requestId,
        filename: i.filename,
        original_name: i.originalName,
        mime_type: i.mimeType,
        size: i.size,
      })),
    )
    .returning(['id', 'filename', 'original_name as originalName', 'mime_type as mimeType'])
    .execute();
}

/** The owner's request with new columns; undefined when it is not theirs (or gone). */
export function updateOwnRequest(
  em: EntityManager,
  id: number,
  userId: number,
  columns: RequestColumns,
): Promise<{ status: string } | undefined> {
  return kysely(em)
    .updateTable('requests')
    .set((eb) => ({ ...columns, updated_at: eb.fn('now') }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('status')
    .executeTakeFirst();
}

/**
 * The group of the owner's request (undefined when it is not theirs); `lock` also holds its row
 * until the transaction ends.
 */
export async function ownRequestGroup(em: EntityManager, id: number, userId: number, lock = false): Promise<string | undefined> {
  const row = await kysely(em)
    .selectFrom('requests')
    .select('group_key')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
  return row?.group_key;
}

/** The stored file names of a request's trip images. */
export async function tripImageNames(em: EntityManager, requestId: number): Promise<string[]> {
  const rows = await kysely(em).selectFrom('trip_images').select('filename').where('request_id', '=', requestId).execute();
  return rows.map((r) => r.filename);
}

/** Deletes a request's trip images and returns their file names. */
export async function deleteTripImages(em: EntityManager, requestId: number): Promise<string[]> {
  const rows = await kysely(em).deleteFrom('trip_images').where('request_id', '=', requestId).returning('filename').execute();
  return rows.map((r) => r.filename);
}

/** Its images, matches and their acknowledgements go with it (foreign keys cascade). */
export async function deleteRequest(em: EntityManager, id: number): Promise<void> {
  await kysely(em).deleteFrom('requests').where('id', '=', id).execute();
}
