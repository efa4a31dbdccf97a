import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ROSTER_SHOWN_DAYS,
  ROSTER_TEXT,
  rosterSavedText,
  type RosterCheck,
  type RosterDuty,
  type RosterInfo,
  type RosterKindBody,
  type RosterSaved,
} from '#protocol/roster.ts';
import { kindReader } from '#protocol/roster-kinds.ts';
import { addDays, checkTrip, countByWork, dutyName, tripOf } from '#protocol/roster-rules.ts';
import type { RosterCheckQuery } from '#protocol/schemas/roster.ts';
import { AppError, invalid, notFound } from '../../http/errors.ts';
import { dayOfUser, timeZoneOf } from '../user-kernel/crew-day.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import type { ReadRoster } from './ics/read-roster.ts';
import { FeedError, type RosterFetch } from './roster-fetch.ts';
import { parseRoster } from './roster-parser.ts';
import { deleteRoster, rosterOf, rulesOf, saveRoster, setKindOverride, type AirlineRules, type RosterRow } from './roster.queries.ts';
import { hintOf, type UrlSecret } from './url-secret.ts';
import { zonedInstant } from './zoned-time.ts';

const iso = (t: string) => new Date(t).toISOString();

/** Kinds set by hand one crew member may keep: far more than a year of events of their own. */
const KIND_OVERRIDES_MAX = 500;

/** What the service needs besides the EntityManager: the guarded fetch, the address sealer, the clock. */
export interface RosterFeeds {
  fetch: RosterFetch;
  secret: UrlSecret;
  /** The time rosters are read at (tests fix it, so that a fixture's month stays ahead). */
  now: () => Date;
}

/** An entry's UID; rows saved before kinds have none, and are known by title and start. */
const uidOf = (e: RosterRow['duties'][number]) => e.uid ?? `${e.title}@${e.start}`;

/** The roster's events with their kinds: the crew member's own first, then the airline's codes and the defaults. */
function dutiesOf(row: RosterRow, rules: AirlineRules): RosterDuty[] {
  const read = kindReader(rules.kindPatterns);
  return row.duties.map((e) => {
    const uid = uidOf(e);
    // Own keys only: a UID may be "constructor" or "__proto__", which every object answers to.
    const own = Object.hasOwn(row.kindOverrides, uid) ? row.kindOverrides[uid] : undefined;
    return { ...e, uid, kind: own ?? read(e), ...(own ? { kindByYou: true as const } : {}) };
  });
}

/** The caller's roster (docs/decisions/0023, 0040): replaced by an upload or a subscription, read back, removed, checked against a trip. */
export class RosterService {
  constructor(
    private readonly em: EntityManager,
    private readonly feeds: RosterFeeds,
  ) {}

  /** The events of the coming ROSTER_SHOWN_DAYS days (today's at the base included), and how the roster stands. */
  async info(user: UserRecord): Promise<RosterInfo> {
    const [row, rules] = await Promise.all([rosterOf(this.em, user.id), rulesOf(this.em, user.airline)]);
    if (!row) return { duties: [], updatedAt: null, limits: rules.limits };
    const today = dayOfUser(user, this.feeds.now());
    const until = addDays(today, ROSTER_SHOWN_DAYS);
    return {
      duties: dutiesOf(row, rules).filter((d) => d.endDay >= today && d.startDay < until),
      ...(row.urlHint ? { url: row.urlHint } : {}),
      updatedAt: iso(row.updatedAt),
      ...(row.failingSince ? { failingSince: iso(row.failingSince), failure: row.failure ?? undefined } : {}),
      limits: rules.limits,
    };
  }

  private read(user: UserRecord, bytes: Uint8Array): Promise<ReadRoster> {
    return parseRoster(bytes, { now: this.feeds.now(), baseZone: timeZoneOf(user) });
  }

  /** What an upload or a subscription kept, by kind, and what it left out. */
  private async saved(user: UserRecord, parsed: ReadRoster): Promise<RosterSaved> {
    const [row, rules] = await Promise.all([rosterOf(this.em, user.id), rulesOf(this.em, user.airline)]);
    const duties = row ? dutiesOf(row, rules) : [];
    const { working, off } = countByWork(duties);
    return {
      duties: duties.length,
      skipped: parsed.skippedCount,
      message: rosterSavedText({ duties: working, off }, parsed.skipped, parsed.skippedCount),
    };
  }

  async saveFile(user: UserRecord, bytes: Uint8Array): Promise<RosterSaved> {
    const parsed = await this.read(user, bytes);
    await saveRoster(this.em, user.id, { duties: parsed.entries, timeZone: parsed.timeZone, urlCipher: null, urlHint: null });
    return this.saved(user, parsed);
  }

  /** Reads the subscription once now (a bad address is refused at once, with the reason), then keeps it. */
  async saveUrl(user: UserRecord, url: string): Promise<RosterSaved> {
    let bytes: Uint8Array;
    try {
      bytes = await this.feeds.fetch(url);
    } catch (err) {
      if (err instanceof FeedError) throw invalid(err.message, 'url');
      throw err;
    }
    let parsed: ReadRoster;
    try {
      parsed = await this.read(user, bytes);
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.status, err.code, err.message, 'url');
      throw err;
    }
    await saveRoster(this.em, user.id, {
      duties: parsed.entries,
      timeZone: parsed.timeZone,
      urlCipher: await this.feeds.secret.seal(url),
      urlHint: hintOf(url),
    });
    return this.saved(user, parsed);
  }

  async remove(user: UserRecord): Promise<void> {
    await deleteRoster(this.em, user.id);
  }

  /** One event's kind set by hand (every occurrence of its series), kept across re-reads; the roster as it now reads. */
  async setKind(user: UserRecord, body: RosterKindBody): Promise<RosterInfo> {
    const row = await rosterOf(this.em, user.id);
    const onRoster = new Set(row?.duties.map(uidOf));
    if (!row || !onRoster.has(body.uid)) throw notFound(ROSTER_TEXT.kindEventUnknown);
    const set = Object.keys(row.kindOverrides);
    // Kinds of events an earlier roster had are kept (a feed may drop an event for a read), until
    // they would take the place of one on the roster: they cannot be set back by hand.
    const gone = set.length >= KIND_OVERRIDES_MAX ? set.filter((uid) => !onRoster.has(uid)) : [];
    if (body.kind !== null && !Object.hasOwn(row.kindOverrides, body.uid) && set.length - gone.length >= KIND_OVERRIDES_MAX) {
      throw invalid(ROSTER_TEXT.kindTooMany, 'uid');
    }
    await setKindOverride(this.em, user.id, body.uid, body.kind, gone);
    return this.info(user);
  }

  /** Flying a trip of `days` days from `date`: every rule it would break, each naming the duty; time off never counts. */
  async check(user: UserRecord, q: RosterCheckQuery): Promise<RosterCheck> {
    const { hasRoster: _, ...check } = await checkRosterOf(this.em, user, q);
    return check;
  }
}

/**
 * GET /api/roster/check for any crew member (their own check, and a standing rule acting for them:
 * docs/decisions/0045), and whether they have a roster at all: with none, nothing conflicts.
 */
export async function checkRosterOf(
  em: EntityManager,
  user: Pick<UserRecord, 'id' | 'airline'>,
  q: Pick<RosterCheckQuery, 'date' | 'days'> & Partial<Pick<RosterCheckQuery, 'start' | 'end'>>,
): Promise<RosterCheck & { hasRoster: boolean }> {
  const [row, rules] = await Promise.all([rosterOf(em, user.id), rulesOf(em, user.airline)]);
  if (!row) return { ok: true, reasons: [], conflicts: [], hasRoster: false };
  const lastDay = addDays(q.date, q.days - 1);
  let times: { start?: string; end?: string } = {};
  if (q.start && q.end) {
    const start = zonedInstant(q.date, q.start, row.timeZone);
    let end = zonedInstant(lastDay, q.end, row.timeZone);
    // Released at or before the report time of a one-day trip: the release is after midnight.
    if (end <= start) end = zonedInstant(addDays(lastDay, 1), q.end, row.timeZone);
    times = { start: start.toISOString(), end: end.toISOString() };
  }
  const violations = checkTrip(dutiesOf(row, rules), tripOf(q.date, q.days, times), rules.limits);
  return {
    ok: violations.length === 0,
    reasons: violations.map((v) => v.reason),
    conflicts: violations.map((v) => dutyName(v.duty)),
    hasRoster: true,
  };
}
