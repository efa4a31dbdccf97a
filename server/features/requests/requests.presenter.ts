import type { EntityManager } from '@mikro-orm/postgresql';
import type { ImageRef, TradeRequestItem } from '../../../protocol/shapes.ts';
import { pgArray } from '../../db/pg-array.ts';
import { presentUserSummary } from '../users/user.presenter.ts';

/** A requests row joined with its owner, as REQUEST_SELECT loads it. */
export interface RequestRow {
  id: number;
  userId: number;
  type: TradeRequestItem['type'];
  date: string;
  additionalDates: string[];
  desiredDates: string[];
  routeType: TradeRequestItem['routeType'];
  route: string | null;
  reservePeriod: string | null;
  tripDays: number | null;
  aircraftType: string | null;
  notes: string | null;
  status: TradeRequestItem['status'];
  groupKey: string;
  allDates: string[];
  lastDate: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  uFirstName: string | null;
  uLastName: string | null;
  uEmployeeNumber: string | null;
  uAirline: string | null;
  uPosition: string | null;
  uProfileImageUrl: string | null;
}

/** Requests and their owners in one query; callers add `where` and `order by`. Dates come back as ISO text. */
export const REQUEST_SELECT = `
  select r.id, r.user_id as "userId", r.type, to_char(r.date, 'YYYY-MM-DD') as date,
         r.additional_dates as "additionalDates", r.desired_dates as "desiredDates", r.route_type as "routeType",
         r.route, r.reserve_period as "reservePeriod", r.trip_days as "tripDays", r.aircraft_type as "aircraftType",
         r.notes, r.status, r.group_key as "groupKey", r.all_dates as "allDates",
         to_char(r.last_date, 'YYYY-MM-DD') as "lastDate", r.created_at as "createdAt", r.updated_at as "updatedAt",
         u.first_name as "uFirstName", u.last_name as "uLastName", u.employee_number as "uEmployeeNumber",
         u.airline as "uAirline", u.position as "uPosition", u.profile_image_url as "uProfileImageUrl"
  from requests r join users u on u.id = r.user_id`;

/** The trip images of many requests in one query (never one per request). */
export async function loadTripImages(em: EntityManager, requestIds: readonly number[]): Promise<Map<number, ImageRef[]>> {
  const byRequest = new Map<number, ImageRef[]>();
  if (requestIds.length === 0) return byRequest;
  const rows = await em.execute<(ImageRef & { requestId: number })[]>(
    `select id, request_id as "requestId", filename, original_name as "originalName", mime_type as "mimeType"
     from trip_images where request_id = any(?::int[]) order by id`,
    [pgArray(requestIds.map(String))],
  );
  for (const { requestId, ...image } of rows) {
    const list = byRequest.get(requestId) ?? [];
    list.push(image);
    byRequest.set(requestId, list);
  }
  return byRequest;
}

export function presentRequest(row: RequestRow, images: ImageRef[]): TradeRequestItem {
  return {
    id: row.id,
    userId: row.userId,
    type: row.type,
    date: row.date,
    additionalDates: row.additionalDates,
    desiredDates: row.desiredDates,
    routeType: row.routeType,
    route: row.route,
    reservePeriod: row.reservePeriod,
    tripDays: row.tripDays,
    aircraftType: row.aircraftType as TradeRequestItem['aircraftType'],
    notes: row.notes,
    status: row.status,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    tripImages: images,
    user: presentUserSummary({
      id: row.userId,
      firstName: row.uFirstName,
      lastName: row.uLastName,
      employeeNumber: row.uEmployeeNumber,
      airline: row.uAirline,
      position: row.uPosition,
      profileImageUrl: row.uProfileImageUrl,
    }),
  };
}

/** Requests (with owner and images) matching `where`, in two queries whatever their number. */
export async function loadRequestItems(
  em: EntityManager,
  where: string,
  params: unknown[],
  orderBy = 'r.date asc, r.id asc',
): Promise<{ rows: RequestRow[]; items: TradeRequestItem[] }> {
  const rows = await em.execute<RequestRow[]>(`${REQUEST_SELECT} where ${where} order by ${orderBy}`, params);
  const images = await loadTripImages(
    em,
    rows.map((r) => r.id),
  );
  return { rows, items: rows.map((r) => presentRequest(r, images.get(r.id) ?? [])) };
}

/** Requests by id, keyed by id (for matches, which reference two each). */
export async function loadRequestsById(
  em: EntityManager,
  ids: readonly number[],
): Promise<Map<number, { row: RequestRow; item: TradeRequestItem }>> {
  const out = new Map<number, { row: RequestRow; item: TradeRequestItem }>();
  if (ids.length === 0) return out;
  const { rows, items } = await loadRequestItems(em, 'r.id = any(?::int[])', [pgArray([...new Set(ids)].map(String))]);
  rows.forEach((row, i) => out.set(row.id, { row, item: items[i]! }));
  return out;
}
