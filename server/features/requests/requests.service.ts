import type { EntityManager } from '@mikro-orm/postgresql';
import { MSG } from '../../../protocol/messages.ts';
import type { RequestBody } from '../../../protocol/schemas/requests.ts';
import type { TradeRequestItem } from '../../../protocol/shapes.ts';
import { pgArray } from '../../db/pg-array.ts';
import type { Deps } from '../../deps.ts';
import { invalid, notFound } from '../../http/errors.ts';
import { rooms } from '../../realtime/rooms.ts';
import { removeStoredFiles, type StoredUpload } from '../../storage/file-store.ts';
import { pushBadges } from '../dashboard/badges.ts';
import { matchesOf } from '../matches/match-scope.ts';
import { announceNewMatches } from '../matching/match-notifier.ts';
import { allDatesOf, isCurrent, lastDateOf, todayUtc } from '../matching/matching.rules.ts';
import { lockGroupForMatching, matchRequest, type NewMatch } from '../matching/matching.service.ts';
import { groupKeyOf, type UserRecord } from '../users/user.presenter.ts';
import { loadRequestItems } from './requests.presenter.ts';

/** Texts of this feature that protocol/messages.ts does not carry (yet). */

type RequestsDeps = Pick<Deps, 'config' | 'publisher' | 'mailer' | 'orm' | 'log' | 'boardCache'>;

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
    const { id, matches } = await this.em.transactional(async (em) => {
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
      const matchable = { id, userId: user.id, groupKey, type: body.type, routeType: body.routeType, status: 'active', ...cols };
      return { id, matches: await matchRequest(em, matchable, today) };
    });
    this.boardChanged(groupKey);
    const item = await this.loadOne(id);
    await this.afterCommit(() => this.announce(item, groupKey, matches, [user.id]));
    return item;
  }

  /** Owner only (others' ids are not found); re-runs matching with the new dates. JSON only: images stay as they are. */
  async update(user: UserRecord, id: number, body: RequestBody): Promise<TradeRequestItem> {
    const groupKey = this.requireGroup(user);
    const cols = columnsOf(user, groupKey, body);
    const today = todayUtc();
    const { matches, dropped } = await this.em.transactional(async (em) => {
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
      const matchable = { id, userId: user.id, groupKey, type: body.type, routeType: body.routeType, status: rows[0].status, ...cols };
      return { matches: await matchRequest(em, matchable, today), dropped };
    });
    this.boardChanged(groupKey);
    await removeStoredFiles(
      this.deps.config,
      dropped.map((d) => d.filename),
    );
    const item = await this.loadOne(id);
    await this.afterCommit(() => this.announce(item, groupKey, matches, []));
    return item;
  }

  /**
   * Owner only. Its images and matches (and their acknowledgements) go with it; files after commit.
   * It takes its group's matching lock first, as create and edit do: otherwise a create could pick
   * this request as a partner and insert a match pointing at a row being deleted (a foreign key
   * violation). Now a create either runs first (and its match goes with the deletion) or after
   * (and no longer sees the request).
   */
  async remove(user: UserRecord, id: number): Promise<void> {
    const gone = await this.em.transactional(async (em) => {
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
      return { groupKey: rows[0].groupKey, files: files.map((f) => f.filename), matches };
    });
    this.boardChanged(gone.groupKey);
    await removeStoredFiles(this.deps.config, gone.files);
    await this.afterCommit(async () => {
      const { publisher } = this.deps;
      publisher.publish(rooms.board(gone.groupKey), 'board:remove', { id });
      for (const m of gone.matches) {
        publisher.publish([rooms.user(user.id), rooms.user(m.otherUserId)], 'match:update', { id: m.id, status: 'deleted' });
        publisher.publish([rooms.user(user.id), rooms.user(m.otherUserId)], 'notifications:changed');
      }
      await pushBadges(this.deps, this.em, [user.id, ...gone.matches.map((m) => m.otherUserId)]);
    });
  }

  private async loadOne(id: number): Promise<TradeRequestItem> {
    const { items } = await loadRequestItems(this.em, 'r.id = ?', [id]);
    if (!items[0]) throw notFound(MSG.requestNotFound);
    return items[0];
  }

  /** The board sees the request (or loses it once it is no longer current); matches are announced. */
  private async announce(item: TradeRequestItem, groupKey: string, matches: NewMatch[], badgeUsers: number[]): Promise<void> {
    const lastDate = lastDateOf(allDatesOf(item.date, item.additionalDates));
    if (isCurrent({ status: item.status, lastDate }, todayUtc())) this.deps.publisher.publish(rooms.board(groupKey), 'board:upsert', item);
    else this.deps.publisher.publish(rooms.board(groupKey), 'board:remove', { id: item.id });
    await announceNewMatches(this.deps, this.em, matches);
    const announced = new Set(matches.flatMap((m) => m.userIds));
    const rest = badgeUsers.filter((u) => !announced.has(u));
    if (rest.length) await pushBadges(this.deps, this.em, rest);
  }

  /**
   * After commit (a build that read before it is discarded by the cache), and before the board
   * event: the invalidation travels to the other instances on the same Redis connection, ahead of
   * the event, so a client refetching on that event gets the new board from any instance.
   */
  private boardChanged(groupKey: string): void {
    this.deps.boardCache.invalidate(groupKey);
  }

  /** The write is committed: events are best effort and never turn a saved change into an error. */
  private async afterCommit(work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (err) {
      this.deps.log.error({ err }, 'publishing after commit failed');
    }
  }
}
