// Large volumes written straight into a test's database, one statement each (a few seconds for
// thousands of rows where the API would take minutes and meet its rate limits): for the tests of
// bounded lists (docs/decisions/0020). Rows carry times a microsecond apart, many within one
// millisecond, so a cursor that kept only milliseconds would skip or repeat rows at a page's edge.
import { sql } from './outbox.ts';

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

export interface BulkGroup {
  airline: string;
  base: string;
  position: string;
  aircraftType: string;
}

export const groupKeyOfBulk = (g: BulkGroup) => `${g.airline}|${g.base}|${g.position}|${g.aircraftType}`;

/** `n` crew members of a group (no password: they never sign in), oldest first. */
export async function bulkUsers(db: string, n: number, group: BulkGroup, tag: string): Promise<number[]> {
  return ids(
    await sql<{ id: number }>(
      db,
      `insert into users (email, first_name, last_name, employee_number, airline, base, position, aircraft_type, created_at)
       select 'bulk-' || $1 || '-' || g || '@example.com', 'Bulk', 'Crew ' || g, 'B-' || $1 || '-' || g, $2, $3, $4, $5,
              now() - (g * interval '1 microsecond')
       from generate_series(1, $6::int) g order by g desc returning id`,
      [tag, group.airline, group.base, group.position, group.aircraftType, n],
    ),
  );
}

export interface BulkRequestOptions {
  /** The status of every request (active by default). */
  status?: string;
  /** Characters of notes each. */
  notesLength?: number;
  /** Dates each (its date and additional ones), one a day from its first. */
  dates?: number;
  /** Days from today of the first request's date (they step a day each, wrapping every 200 days). */
  fromDay?: number;
}

/** `perUser` requests for each of `userIds` in `group`; their ids. */
export async function bulkRequests(db: string, userIds: readonly number[], perUser: number, group: BulkGroup, o: BulkRequestOptions = {}) {
  const dates = o.dates ?? 1;
  return ids(
    await sql<{ id: number }>(
      db,
      `with made as (
         select u.id as user_id, g,
                current_date + ($5::int + (g % 200)) as first_day
         from unnest($1::int[]) as u(id), generate_series(1, $2::int) g
       )
       insert into requests (user_id, type, date, additional_dates, desired_dates, route_type, route, trip_days, notes, status,
                             group_key, all_dates, last_date, created_at, updated_at)
       select user_id, (array['drop', 'pickup', 'trade'])[1 + g % 3], first_day,
              array(select to_char(first_day + d, 'YYYY-MM-DD') from generate_series(1, $4::int - 1) d),
              array[to_char(first_day + 1, 'YYYY-MM-DD')], 'pairing', 'P' || user_id || '-' || g, 1, repeat('n', $6::int), $3,
              $7, array(select to_char(first_day + d, 'YYYY-MM-DD') from generate_series(0, $4::int - 1) d),
              first_day + ($4::int - 1), now() - (g * interval '1 microsecond'), now()
       from made returning id`,
      [userIds, perUser, o.status ?? 'active', dates, o.fromDay ?? 1, o.notesLength ?? 0, groupKeyOfBulk(group)],
    ),
  );
}

/** One offer from `fromUserId` to `toUserId` on each request (pending, or answered `status` just now). */
export async function bulkOffers(db: string, fromUserId: number, toUserId: number, requestIds: readonly number[], status = 'pending') {
  return ids(
    await sql<{ id: number }>(
      db,
      `insert into trade_requests (from_user_id, to_user_id, request_id, status, message, trade_date, offer_route, request_type,
                                   created_at, responded_at)
       select $1, $2, r, $4::varchar, 'Swap?', current_date + 3, 'OFFER', 'pickup', now() - (o * interval '1 microsecond'),
              case when $4::varchar = 'pending' then null else now() - (o * interval '1 microsecond') end
       from unnest($3::int[]) with ordinality as x(r, o) returning id`,
      [fromUserId, toUserId, requestIds, status],
    ),
  );
}

/** A bell entry for `userId` for each offer. */
export async function bulkOfferNotifications(db: string, userId: number, offerIds: readonly number[]) {
  await sql(
    db,
    `insert into trade_request_notifications (user_id, trade_request_id, type, created_at)
     select $1, t, 'trade_request', now() - (o * interval '1 microsecond') from unnest($2::int[]) with ordinality as x(t, o)`,
    [userId, offerIds],
  );
}

/** A pending match between each pair of requests (mine[i], theirs[i]). */
export async function bulkMatches(db: string, mine: readonly number[], theirs: readonly number[]) {
  return ids(
    await sql<{ id: number }>(
      db,
      `insert into matches (request_id, matched_request_id, status, created_at)
       select a, b, 'pending', now() - (o * interval '1 microsecond') from unnest($1::int[], $2::int[]) with ordinality as x(a, b, o)
       returning id`,
      [mine, theirs],
    ),
  );
}

/** `n` direct messages from `fromUserId` to each of `toUserIds`, oldest first. */
export async function bulkMessages(db: string, fromUserId: number, toUserIds: readonly number[], n: number, contentLength = 20) {
  return ids(
    await sql<{ id: number }>(
      db,
      `insert into messages (from_user_id, to_user_id, content, created_at)
       select $1, t, repeat('m', $4::int), now() - ((n - g) * interval '1 microsecond')
       from unnest($2::int[]) as x(t), generate_series(1, $3::int) g, (select $3::int as n) c
       order by g returning id`,
      [fromUserId, toUserIds, n, contentLength],
    ),
  );
}

/** `n` posts by `userId` in a base chat room, oldest first. */
export async function bulkChat(db: string, userId: number, room: BulkGroup & { chatType: string }, n: number, contentLength = 20) {
  return ids(
    await sql<{ id: number }>(
      db,
      `insert into base_chat_messages (user_id, airline, base, position, chat_type, content, created_at, updated_at)
       select $1, $2, $3, $4, $5, repeat('c', $7::int), now() - (($6::int - g) * interval '1 microsecond'), now()
       from generate_series(1, $6::int) g order by g returning id`,
      [userId, room.airline, room.base, room.position, room.chatType, n, contentLength],
    ),
  );
}

/** `n` schedule image rows of `userId` (no files: the lists never read them). */
export async function bulkScheduleImages(db: string, userId: number, n: number) {
  await sql(
    db,
    `insert into schedule_images (user_id, filename, original_name, mime_type, size, uploaded_at)
     select $1::int, 'bulk-' || $1::int || '-' || g || '.png', 'shot-' || g || '.png', 'image/png', 100, now() - (g * interval '1 microsecond')
     from generate_series(1, $2::int) g`,
    [userId, n],
  );
}

/** `n` support requests of `userId`, every fifth resolved. */
export async function bulkSupportRequests(db: string, userId: number, n: number) {
  await sql(
    db,
    `insert into support_requests (user_id, category, subject, message, status, created_at)
     select $1::int, 'general', 'Help ' || g, 'Please help me with this ' || g, case when g % 5 = 0 then 'resolved' else 'open' end,
            now() - (g * interval '1 microsecond')
     from generate_series(1, $2::int) g`,
    [userId, n],
  );
}

/** `n` admin log rows by `adminId`. */
export async function bulkAdminLogs(db: string, adminId: number, n: number) {
  await sql(
    db,
    `insert into admin_logs (admin_id, action, target_user_id, details, created_at)
     select $1::int, 'support_response', null, '{"supportRequestId":' || g || '}', now() - (g * interval '1 microsecond')
     from generate_series(1, $2::int) g`,
    [adminId, n],
  );
}
