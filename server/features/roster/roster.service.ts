import type { EntityManager } from '@mikro-orm/postgresql';
import { todayUtc } from '#protocol/rules.ts';
import { ROSTER_SHOWN_DAYS, type RosterCheck, type RosterInfo, type RosterSaved } from '#protocol/roster.ts';
import { addDays, checkTrip, dutyName, tripOf } from '#protocol/roster-rules.ts';
import type { RosterCheckQuery } from '#protocol/schemas/roster.ts';
import { AppError, invalid } from '../../http/errors.ts';
import type { UserRecord } from '../users/user.presenter.ts';
import { FeedError, type RosterFetch } from './roster-fetch.ts';
import { parseRoster } from './roster-parser.ts';
import { deleteRoster, limitsOf, rosterOf, saveRoster } from './roster.queries.ts';
import { hintOf, type UrlSecret } from './url-secret.ts';
import { zonedInstant } from './zoned-time.ts';

const iso = (t: string) => new Date(t).toISOString();

/** What the service needs besides the EntityManager: the guarded fetch and the address sealer. */
export interface RosterFeeds {
  fetch: RosterFetch;
  secret: UrlSecret;
}

/** The caller's roster (docs/decisions/0023): replaced by an upload or a subscription, read back, removed, checked against a trip. */
export class RosterService {
  constructor(
    private readonly em: EntityManager,
    private readonly feeds: RosterFeeds,
  ) {}

  /** The duties of the coming ROSTER_SHOWN_DAYS days (today's included), and how the roster stands. */
  async info(user: UserRecord): Promise<RosterInfo> {
    const [row, limits] = await Promise.all([rosterOf(this.em, user.id), limitsOf(this.em, user.airline)]);
    if (!row) return { duties: [], updatedAt: null, limits };
    const today = todayUtc();
    const until = addDays(today, ROSTER_SHOWN_DAYS);
    return {
      duties: row.duties.filter((d) => d.endDay >= today && d.startDay < until),
      ...(row.urlHint ? { url: row.urlHint } : {}),
      updatedAt: iso(row.updatedAt),
      ...(row.failingSince ? { failingSince: iso(row.failingSince), failure: row.failure ?? undefined } : {}),
      limits,
    };
  }

  async saveFile(user: UserRecord, text: string): Promise<RosterSaved> {
    const { duties, timeZone } = await parseRoster(text);
    await saveRoster(this.em, user.id, { duties, timeZone, urlCipher: null, urlHint: null });
    return { duties: duties.length };
  }

  /** Reads the subscription once now (a bad address is refused at once, with the reason), then keeps it. */
  async saveUrl(user: UserRecord, url: string): Promise<RosterSaved> {
    let text: string;
    try {
      text = await this.feeds.fetch(url);
    } catch (err) {
      if (err instanceof FeedError) throw invalid(err.message, 'url');
      throw err;
    }
    let parsed;
    try {
      parsed = await parseRoster(text);
    } catch (err) {
      if (err instanceof AppError) throw invalid(err.message, 'url');
      throw err;
    }
    await saveRoster(this.em, user.id, {
      ...parsed,
      urlCipher: await this.feeds.secret.seal(url),
      urlHint: hintOf(url),
    });
    return { duties: parsed.duties.length };
  }

  async remove(user: UserRecord): Promise<void> {
    await deleteRoster(this.em, user.id);
  }

  /** Flying a trip of `days` days from `date`: every rule it would break, each naming the duty. */
  async check(user: UserRecord, q: RosterCheckQuery): Promise<RosterCheck> {
    const [row, limits] = await Promise.all([rosterOf(this.em, user.id), limitsOf(this.em, user.airline)]);
    if (!row) return { ok: true, reasons: [], conflicts: [] };
    const lastDay = addDays(q.date, q.days - 1);
    let times: { start?: string; end?: string } = {};
    if (q.start && q.end) {
      const start = zonedInstant(q.date, q.start, row.timeZone);
      let end = zonedInstant(lastDay, q.end, row.timeZone);
      // Released at or before the report time of a one-day trip: the release is after midnight.
      if (end <= start) end = zonedInstant(addDays(lastDay, 1), q.end, row.timeZone);
      times = { start: start.toISOString(), end: end.toISOString() };
    }
    const violations = checkTrip(row.duties, tripOf(q.date, q.days, times), limits);
    return {
      ok: violations.length === 0,
      reasons: violations.map((v) => v.reason),
      conflicts: violations.map((v) => dutyName(v.duty)),
    };
  }
}
