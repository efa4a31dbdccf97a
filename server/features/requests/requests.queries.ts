import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Insertable, type Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { compileOnce } from '../../db/compiled-query.ts';
import { kysely, type DB } from '../../db/kysely.ts';
import { containsPattern, pageLimit, pastDayCursor, type DayCursor } from '../../db/paging.ts';
import type { StoredUpload } from '../../storage/file-store.ts';

/**
 * A request as a TradeRequestItem shows it: its columns, its owner's summary and its trip images,
 * in one statement (the images as a JSON array per row, served by trip_images_request_id_index).
 */
function itemsQuery(db: Kysely<DB>) {
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

export type RequestItemRow = Awaited<ReturnType<ReturnType<typeof itemsQuery>['execute']>>[number];

/** The tradeboard's filters (docs/product-spec.md section 2), applied by the server to every page. */
export interface BoardFilters {
  /** An exact day: the request's date or one of its additional dates. */
  date?: string;
  type?: string;
  /** Text in the pairing or the reserve period, any case. */
  search?: string;
}

const afterDay = (c: DayCursor | null) => pastDayCursor('r.date', 'r.id', c);

// Compiled once: these run on every create (its answer and its board event) and on board rebuilds.
const itemsOfBoard = compileOnce(['groupKey', 'day', 'limit'], (db, a: { groupKey: string; day: string; limit: number }) =>
  itemsQuery(db)
    .where('r.group_key', '=', a.groupKey)
    .where('r.status', '=', 'active')
    .where('r.last_date', '>=', a.day)
    .orderBy('r.date')
    .orderBy('r.id')
    .limit(a.limit),
);
const itemsByIds = compileOnce(['ids'], (db, a: { ids: number[] }) =>
  itemsQuery(db).where(({ eb, fn, val }) => eb('r.id', '=', fn.any(val(a.ids)))),
);

/** A page of the user's own requests, every status or one, by date (PAGE_SIZE + 1 rows: pageFrom). */
export function ownRequests(em: EntityManager, userId: number, status: string | undefined, cursor?: DayCursor): Promise<RequestItemRow[]> {
  return itemsQuery(kysely(em))
    .where('r.user_id', '=', userId)
    .$if(status !== undefined, (q) => q.where('r.status', '=', status!))
    .where(afterDay(cursor ?? null))
    .orderBy('r.date')
    .orderBy('r.id')
    .limit(pageLimit())
    .execute();
}

/**
 * The start of a group's tradeboard for a UTC day: active requests whose last date is that day or
 * later, by date (requests_board_index: group + status + date), at most `limit` of them: what the
 * board cache holds (board-cache.ts).
 */
export function boardRequests(em: EntityManager, groupKey: string, day: string, limit: number): Promise<RequestItemRow[]> {
  return itemsOfBoard(em, { groupKey, day, limit });
}

/**
 * A page of the board with the caller's filters, or after a cursor (PAGE_SIZE + 1 rows): what the
 * cache does not hold. An exact day is one of the request's dates (all_dates: requests_all_dates_gin).
 */
export function boardPage(em: EntityManager, groupKey: string, day: string, filters: BoardFilters, cursor?: DayCursor) {
  return itemsQuery(kysely(em))
    .where('r.group_key', '=', groupKey)
    .where('r.status', '=', 'active')
    .where('r.last_date', '>=', day)
    .$if(filters.date !== undefined, (q) => q.where(sql<boolean>`r.all_dates @> array[${filters.date}]::text[]`))
    .$if(filters.type !== undefined, (q) => q.where('r.type', '=', filters.type!))
    .$if(filters.search !== undefined, (q) => {
      const pattern = containsPattern(filters.search!);
      return q.where((eb) => eb.or([eb('r.route', 'ilike', pattern), eb('r.reserve_period', 'ilike', pattern)]));
    })
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
