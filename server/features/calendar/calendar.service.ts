import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { dayOfUser } from '../users/crew-day.ts';
import type { CalendarFeedInfo } from '#protocol/shapes.ts';
import { hashToken } from '../auth/tokens.ts';
import type { UserRecord } from '../users/user.presenter.ts';
import {
  activeRequestsOf,
  chainTripsOf,
  completedTradesOf,
  deleteFeed,
  feedOf,
  feedOwner,
  pendingMatchesOf,
  upsertFeed,
} from './calendar.queries.ts';

const iso = (t: string) => new Date(t).toISOString();

/** A private calendar address per user: created (or replaced) and revoked by them, read by calendar apps. */
export class CalendarService {
  constructor(private readonly em: EntityManager) {}

  async info(user: UserRecord): Promise<CalendarFeedInfo> {
    const feed = await feedOf(this.em, user.id);
    return { enabled: !!feed, createdAt: feed ? iso(feed.createdAt) : null };
  }

  /** A new token of 256 bits; only its hash is kept, so this answer is the one place the address appears. */
  async create(user: UserRecord, origin: string): Promise<CalendarFeedInfo> {
    const token = randomBytes(32).toString('base64url');
    const createdAt = await upsertFeed(this.em, user.id, hashToken(token));
    return { enabled: true, createdAt: iso(createdAt), url: `${origin}/api/calendar/${token}.ics` };
  }

  async revoke(user: UserRecord): Promise<void> {
    await deleteFeed(this.em, user.id);
  }

  /** The feed of the token's owner, or undefined for a token that names none (revoked, replaced or made up). */
  async feed(token: string, origin: string): Promise<string | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const owner = await feedOwner(this.em, hashToken(token));
    if (!owner) return undefined;
    const [requests, matches, trades, chains] = await Promise.all([
      activeRequestsOf(this.em, owner.id, dayOfUser(owner)),
      pendingMatchesOf(this.em, owner.id),
      completedTradesOf(this.em, owner.id),
      chainTripsOf(this.em, owner.id),
    ]);
    // ical-generator is loaded on the first feed asked for, not at start (docs/decisions/0034).
    const { buildFeed } = await import('./calendar.ics.ts');
    return buildFeed({ requests, matches, trades, chains }, origin);
  }
}
