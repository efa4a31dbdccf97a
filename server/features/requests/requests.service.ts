import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_ACTIVE_REQUESTS } from '#protocol/limits.ts';
import type { RequestStatus } from '#protocol/enums.ts';
import { MSG } from '#protocol/messages.ts';
import { datePassedText } from '#protocol/base-day.ts';
import type { RequestBody } from '#protocol/schemas/requests.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { accountLockOpening, lockAccount } from '../../db/account-lock.ts';
import type { Deps } from '../../deps.ts';
import { dayKeys, mapPage, pageFrom, type DayCursor, type Page } from '../../db/paging.ts';
import { invalid, notFound } from '../../http/errors.ts';
import type { StoredUpload } from '../../storage/file-store.ts';
import { matchPartnersOfRequest } from '../matches/matches.queries.ts';
import {
  allDatesOf,
  closeOffersOnDeletedRequest,
  insertRequest,
  lastDateOf,
  lockGroups,
  matchRequest,
  proposedChainsOf,
  recheckChains,
  type MatchableRequest,
} from '../trading/trading-core.ts';
import { dayOfGroup, dayOfUser } from '../user-kernel/crew-day.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import { presentOwnRequest, presentRequest, storedItemRow } from './requests.presenter.ts';
import {
  currentRequestCount,
  deleteRequest,
  deleteTripImages,
  requestIdByClientKey,
  insertTripImages,
  ownRequestGroup,
  ownRequests,
  requestsById,
  tripImageNames,
  updateOwnRequest,
  type RequestColumns,
} from './requests.queries.ts';

type RequestsDeps = Pick<Deps, 'events'>;

/** What a save writes, the derived matching columns included (docs/decisions/0001). */
function columnsOf(user: UserRecord, groupKey: string, body: RequestBody): RequestColumns {
  const additionalDates = [...new Set(body.additionalDates)].filter((d) => d !== body.date);
  const allDates = allDatesOf(body.date, additionalDates);
  return {
    type: body.type,
    date: body.date,
    additional_dates: additionalDates,
    desired_dates: [...new Set(body.desiredDates)],
    route_type: body.routeType,
    route: body.route,
    reserve_period: body.reservePeriod,
    trip_days: body.tripDays,
    aircraft_type: user.aircraftType,
    notes: body.notes,
    // Left out of an edit, the standing rule stays as it was (docs/decisions/0045).
    ...(body.autoAccept === undefined ? {} : { auto_accept: body.autoAccept }),
    group_key: groupKey,
    all_dates: allDates,
    last_date: lastDateOf(allDates),
  };
}

/**
 * Every date of a request on or after the crew member's today at their base: the picker's minimum,
 * held by the server too (a crew member in Sydney posting for the day that is over there).
 */
function refusePastDates(user: UserRecord, body: RequestBody): void {
  const today = dayOfUser(user);
  if (body.date < today) throw invalid(datePassedText(today), 'date');
  if (body.additionalDates.some((d) => d !== '' && d < today)) throw invalid(datePassedText(today), 'additionalDates');
}

/** The saved request as matching sees it. */
function matchableOf(id: number, userId: number, status: string, body: RequestBody, c: RequestColumns): MatchableRequest {
  return {
    id,
    userId,
    status,
    groupKey: c.group_key,
    type: body.type,
    routeType: body.routeType,
    allDates: c.all_dates,
    desiredDates: c.desired_dates ?? [],
    lastDate: c.last_date,
  };
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

  /** A page of the caller's own requests, every status or one, by date. */
  async listOwn(user: UserRecord, status: RequestStatus | undefined, cursor?: DayCursor): Promise<Page<TradeRequestItem>> {
    return mapPage(pageFrom(await ownRequests(this.em, user.id, status, cursor), dayKeys), presentOwnRequest);
  }

  /**
   * Stores the request and matches it (`created` true), or, for a client key the owner already
   * used, answers with the request stored then and releases this attempt's images.
   */
  async create(
    user: UserRecord,
    body: RequestBody,
    images: readonly StoredUpload[],
  ): Promise<{ item: TradeRequestItem; created: boolean }> {
    const groupKey = this.requireGroup(user);
    refusePastDates(user, body);
    const columns = columnsOf(user, groupKey, body);
    const today = dayOfGroup(groupKey);
    const clientKey = body.clientKey ?? null;
    // The cap (docs/decisions/0019) is counted under the owner's lock, so parallel creates cannot
    // pass it together; the lock comes with the BEGIN, in one round trip (decision 0048).
    const ownerLock = accountLockOpening('requests', user.id);
    const stored = await this.deps.events.transaction(
      this.em,
      async (em, events) => {
        /** The request this client key stored before, answered again; this attempt's images go. */
        const storedBefore = async () => {
          const id = clientKey === null ? undefined : await requestIdByClientKey(em, user.id, clientKey);
          if (id !== undefined && images.length) events.record({ type: 'files.released', filenames: images.map((i) => i.filename) });
          return id;
        };
        // One statement in the trading core (decision 0033): the count, then the create's matching
        // locks (its dates', the group's shared), then the row; nothing inserted at the cap or for a
        // client key used before.
        const inserted = await insertRequest(em, { userId: user.id, columns, clientKey, today, cap: MAX_ACTIVE_REQUESTS });
        if (inserted === undefined) {
          const stored = await storedBefore();
          if (stored === undefined) throw invalid(MSG.tooManyActiveRequests);
          return { id: stored, item: undefined, autoAccept: undefined };
        }
        const { stored: saved, lock } = inserted;
        // The answer and the board's fan-out are built from what the insert returned: no read after the commit.
        const item = presentRequest(storedItemRow(saved, user, await insertTripImages(em, saved.id, images)));
        events.record({ type: 'request.created', requestId: saved.id, userId: user.id, groupKey, item });
        await matchRequest(lock, events, matchableOf(saved.id, user.id, 'active', body, columns), today, { created: true });
        return { id: saved.id, item, autoAccept: saved.autoAccept };
      },
      ownerLock,
    );
    return stored.item
      ? { item: { ...stored.item, autoAccept: stored.autoAccept ?? false }, created: true }
      : { item: await this.loadOne(stored.id), created: false };
  }

  /** Owner only (others' ids are not found); re-runs matching with the new dates. JSON only: images stay as they are. */
  async update(user: UserRecord, id: number, body: RequestBody): Promise<TradeRequestItem> {
    const groupKey = this.requireGroup(user);
    refusePastDates(user, body);
    const columns = columnsOf(user, groupKey, body);
    const today = dayOfGroup(groupKey);
    return this.deps.events.transaction(this.em, async (em, events) => {
      // The owner's lock before the group's, as a create takes them: new dates can put a past request back on the board.
      await lockAccount(em, 'requests', user.id);
      const lock = await lockGroups(em, [groupKey]);
      const saved = await updateOwnRequest(em, id, user.id, columns);
      if (!saved) throw notFound(MSG.requestNotFound);
      if (
        saved.status === 'active' &&
        columns.last_date >= today &&
        (await currentRequestCount(em, user.id, today, id)) >= MAX_ACTIVE_REQUESTS
      ) {
        throw invalid(MSG.tooManyActiveRequests);
      }
      // Screenshots belong to pairings only: a request that becomes a reserve period loses them.
      const dropped = body.routeType === 'pairing' ? [] : await deleteTripImages(em, id);
      if (dropped.length) events.record({ type: 'files.released', filenames: dropped });
      // Read inside the transaction: the answer, the boards held in memory and the fan-out share it.
      const row = (await requestsById(em, [id])).get(id)!;
      // The board's copy leaves the owner's rule out; the owner's answer has it.
      events.record({ type: 'request.updated', requestId: id, userId: user.id, groupKey, item: presentRequest(row) });
      await matchRequest(lock, events, matchableOf(id, user.id, saved.status, body, columns), today);
      return presentOwnRequest(row);
    });
  }

  /**
   * Owner only. Its images and matches (and their acknowledgements) go with it; files after commit.
   * Pending offers on it are declined first, in the same transaction (an offer left pending on a
   * request that is gone could still be accepted).
   * It takes its group's matching lock first, as create and edit do: otherwise a create could pick
   * this request as a partner and insert a match pointing at a row being deleted (a foreign key
   * violation). Now a create either runs first (and its match goes with the deletion) or after
   * (and no longer sees the request).
   */
  async remove(user: UserRecord, id: number): Promise<void> {
    await this.deps.events.transaction(this.em, async (em, events) => {
      const before = await ownRequestGroup(em, id, user.id);
      if (before === undefined) throw notFound(MSG.requestNotFound);
      const lock = await lockGroups(em, [before]);
      const groupKey = await ownRequestGroup(em, id, user.id, true);
      if (groupKey === undefined) throw notFound(MSG.requestNotFound);
      // A profile change moved the request to another group meanwhile: that group's matching waits too.
      await lock.extend(groupKey);
      const files = await tripImageNames(em, id);
      const partners = await matchPartnersOfRequest(em, user.id, id);
      const chains = await proposedChainsOf(em, [id]);
      const declined = await closeOffersOnDeletedRequest(lock, id);
      await deleteRequest(em, id);
      // Its chains lose a member's trip: cancelled, and their members told.
      await recheckChains(lock, events, chains, dayOfGroup(groupKey));
      events.record(
        { type: 'request.deleted', requestId: id, userId: user.id, groupKey },
        ...partners.map((m) => ({
          type: 'match.changed' as const,
          matchId: m.id,
          status: 'deleted' as const,
          userIds: [user.id, m.otherUserId],
          // The colleague reads why it went (docs/decisions/0042).
          closed: { reason: 'request_deleted' as const, byRequestId: id },
        })),
        ...declined,
      );
      if (files.length) events.record({ type: 'files.released', filenames: files });
    });
  }

  private async loadOne(id: number, em: EntityManager = this.em): Promise<TradeRequestItem> {
    const row = (await requestsById(em, [id])).get(id);
    if (!row) throw notFound(MSG.requestNotFound);
    return presentOwnRequest(row);
  }
}
