import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '../../../protocol/messages.ts';
import type { RequestBody } from '../../../protocol/schemas/requests.ts';
import type { TradeRequestItem } from '../../../protocol/shapes.ts';
import { pgArray } from '../../db/pg-array.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../http/errors.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import { matchesOf } from '../matches/match-scope.ts';
import { allDatesOf, lastDateOf, todayUtc } from '../matching/matching.rules.ts';
import { lockGroupForMatching, matchRequest } from '../matching/matching.service.ts';
import { groupKeyOf, type UserRecord } from '../users/user.presenter.ts';
import { loadRequestItems } from './requests.presenter.ts';

type RequestsDeps = Pick<Deps, 'events'>;

/** The columns a save writes, derived ones included (docs/decisions/0001), in insert/update order. */
function columnsOf(user: UserRecord, groupKey: string, body: RequestBody) {
  const additionalDates = [...new Set(body.additionalDates)].filter((d) => d !== body.date);
  const allDates = allDatesOf(body.date, additionalDates);
  const desiredDates = [...new Set(body.desiredDates)];
  const values = [
    body.type,
    body.date,
    pgArray(additionalDates),
    pgArray(desiredDates),
    body.routeType,
    body.route,
    body.reservePeriod,
    body.tripDays,
    user.aircraftType,
    body.notes,
    groupKey,
    pgArray(allDates),
    lastDateOf(allDates),
  ];
  return { values, allDates, desiredDates, lastDate: lastDateOf(allDates) };
}

export class RequestsService {
  constructor(
    private readonly em: EntityManager,
    private readonly deps: RequestsDeps,
  ) {}

  /** Requests need the owner's group (airline, base, position, aircraft): no group, no request. */
  requireGroup(user: UserRecord): string {
    const groupKey = groupKeyOf(user);
    if (!groupKey) throw invalid(MSG.profileIncomplete);
    return groupKey;
  }

  /** The caller's own requests, every status, by date. */
  async listOwn(user: UserRecord): Promise<TradeRequestItem[]> {
    return (await loadRequestItems(this.em, 'r.user_id = ?', [user.id])).items;
  }

  /**
   * The tradeboard: active requests of the caller's group whose last date is today or later (UTC
   * calendar day), the caller's own included. Served from the group's cached body (board/board-cache.ts).
   */
  async board(user: UserRecord): Promise<TradeRequestItem[]> {
    const groupKey = groupKeyOf(user);
    return groupKey ? this.boardOf(groupKey, todayUtc()) : [];
  }

  /**
   * A group's board for a UTC day: the same for every member, nothing of the caller in it, so it
   * can be cached for the group. requests_board_index serves it.
   */
  async boardOf(groupKey: string, day: string): Promise<TradeRequestItem[]> {
    const where = "r.group_key = ? and r.status = 'active' and r.last_date >= ?::date";
    return (await loadRequestItems(this.em, where, [groupKey, day])).items;
  }

  async create(user: UserRecord, body: RequestBody, images: readonly StoredUpload[]): Promise<TradeRequestItem> {
    const groupKey = this.requireGroup(user);
    const cols = columnsOf(user, groupKey, body);
    const today = todayUtc();
    const id = await this.deps.events.transaction(this.em, async (em, events) => {
      await lockGroupForMatching(em, groupKey);
      const rows = await em.execute<{ id: number }[]>(
        `insert into requests (type, date, additional_dates, desired_dates, route_type, route, reserve_period, trip_days,
                               aircraft_type, notes, group_key, all_dates, last_date, user_id)
         values (?, ?::date, ?::text[], ?::text[], ?, ?, ?, ?, ?, ?, ?, ?::text[], ?::date, ?) returning id`,
        [...cols.values, user.id],
      );
      const id = rows[0]!.id;
      if (images.length) {
        await em.execute(
          `insert into trip_images (request_id, filename, original_name, mime_type, size)
           select ?, x.filename, x.original_name, x.mime_type, x.size
           from unnest(?::text[], ?::text[], ?::text[], ?::int[]) as x(filename, original_name, mime_type, size)`,
          [
            id,
            pgArray(images.map((i) => i.filename)),
            pgArray(images.map((i) => i.originalName)),
            pgArray(images.map((i) => i.mimeType)),
            pgArray(images.map((i) => String(i.size))),
          ],
        );
      }
      events.record({ type: 'request.created', requestId: id, userId: user.id, groupKey });
      const matchable = { id, userId: user.id, groupKey, type: body.type, routeType: body.routeType, status: 'active', ...cols };
      await matchRequest(em, events, matchable, today);
      return id;
    });
    return this.loadOne(id);
  }

  /** Owner only (others' ids are not found); re-runs matching with the new dates. JSON only: images stay as they are. */
  async update(user: UserRecord, id: number, body: RequestBody): Promise<TradeRequestItem> {
    const groupKey = this.requireGroup(user);
    const cols = columnsOf(user, groupKey, body);
    const today = todayUtc();
    await this.deps.events.transaction(this.em, async (em, events) => {
      await lockGroupForMatching(em, groupKey);
      const rows = await em.execute<{ status: string }[]>(
        `update requests set type = ?, date = ?::date, additional_dates = ?::text[], desired_dates = ?::text[], route_type = ?,
           route = ?, reserve_period = ?, trip_days = ?, aircraft_type = ?, notes = ?, group_key = ?, all_dates = ?::text[],
           last_date = ?::date, updated_at = now()
         where id = ? and user_id = ? returning status`,
        [...cols.values, id, user.id],
      );
      if (!rows[0]) throw notFound(MSG.requestNotFound);
      // Screenshots belong to pairings only: a request that becomes a reserve period loses them.
      const dropped =
        body.routeType === 'pairing'
          ? []
          : await em.execute<{ filename: string }[]>('delete from trip_images where request_id = ? returning filename', [id]);
      if (dropped.length) events.record({ type: 'files.released', filenames: dropped.map((d) => d.filename) });
      events.record({ type: 'request.updated', requestId: id, userId: user.id, groupKey });
      const matchable = { id, userId: user.id, groupKey, type: body.type, routeType: body.routeType, status: rows[0].status, ...cols };
      await matchRequest(em, events, matchable, today);
    });
    return this.loadOne(id);
  }

  /**
   * Owner only. Its images and matches (and their acknowledgements) go with it; files after commit.
   * It takes its group's matching lock first, as create and edit do: otherwise a create could pick
   * this request as a partner and insert a match pointing at a row being deleted (a foreign key
   * violation). Now a create either runs first (and its match goes with the deletion) or after
   * (and no longer sees the request).
   */
  async remove(user: UserRecord, id: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const owned = 'select group_key as "groupKey" from requests where id = ? and user_id = ?';
      const before = await em.execute<{ groupKey: string }[]>(owned, [id, user.id]);
      if (!before[0]) throw notFound(MSG.requestNotFound);
      await lockGroupForMatching(em, before[0].groupKey);
      const rows = await em.execute<{ groupKey: string }[]>(`${owned} for update`, [id, user.id]);
      if (!rows[0]) throw notFound(MSG.requestNotFound);
      // A profile change moved the request to another group meanwhile: that group's matching waits too.
      if (rows[0].groupKey !== before[0].groupKey) await lockGroupForMatching(em, rows[0].groupKey);
      const files = await em.execute<{ filename: string }[]>('select filename from trip_images where request_id = ?', [id]);
      const matches = await em.execute<{ id: number; otherUserId: number }[]>(
        `select mm.id, o.user_id as "otherUserId" from (${matchesOf('?', 'r.id = ?')}) mm join requests o on o.id = mm.other`,
        [user.id, id, user.id, id],
      );
      await em.execute('delete from requests where id = ?', [id]);
      events.record(
        { type: 'request.deleted', requestId: id, userId: user.id, groupKey: rows[0].groupKey },
        ...matches.map((m) => ({
          type: 'match.changed' as const,
          matchId: m.id,
          status: 'deleted' as const,
          userIds: [user.id, m.otherUserId],
        })),
      );
      if (files.length) events.record({ type: 'files.released', filenames: files.map((f) => f.filename) });
    });
  }

  private async loadOne(id: number): Promise<TradeRequestItem> {
    const { items } = await loadRequestItems(this.em, 'r.id = ?', [id]);
    if (!items[0]) throw notFound(MSG.requestNotFound);
    return items[0];
  }
}
