import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FEED_MAX_EVENTS } from '#protocol/limits.ts';
import { dayOfUser } from '../user-kernel/crew-day.ts';
import type { CalendarFeedInfo } from '#protocol/shapes.ts';
import type { RateLimits } from '../../http/rate-limit.ts';
import { hashToken } from '../auth/tokens.ts';
import type { UserRecord } from '../user-kernel/user.presenter.ts';
import type { FeedCache } from './calendar-cache.ts';
import {
  chainTripsOf,
  completedTradesOf,
  deleteFeed,
  feedOf,
  feedOwner,
  pendingMatchesOf,
  requestDatesOf,
  upsertFeed,
} from './calendar.queries.ts';
import { feedWindow, shareOut } from './calendar.window.ts';

const iso = (t: string) => new Date(t).toISOString();

/** What reading a feed needs besides the database: its per-token limit and the built feeds held. */
export interface FeedReading {
  limits: RateLimits;
  feeds: FeedCache;
}

/** A private calendar address per user: created (or replaced) and revoked by them, read by calendar apps. */
export class CalendarService {
  constructor(
    private readonly em: EntityManager,
    private readonly reading?: FeedReading,
  ) {}

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

  /**
   * The feed of the token's owner, or undefined for a token that names none (revoked, replaced or
   * made up). Each token is limited (calendarFeed, counted by its hash: the token itself is never
   * stored); the owner is looked up on every fetch, and the feed is built at most once a minute per
   * owner on each instance (calendar-cache.ts).
   */
  async feed(token: string, origin: string): Promise<Buffer | undefined> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
    const { limits, feeds } = this.reading!;
    const tokenHash = hashToken(token);
    await limits.consume('calendarFeed', tokenHash);
    const owner = await feedOwner(this.em, tokenHash);
    if (!owner) return undefined;
    return feeds.get(owner.id, () => this.build(owner, origin));
  }

  /**
   * The owner's feed (docs/decisions/0041): their today at their base and the next FEED_WINDOW_DAYS
   * days, at most FEED_MAX_EVENTS events shared out by kind (calendar.window.ts). Each read takes
   * its window and at most FEED_MAX_EVENTS rows in the order kept (the newest trades, chains and
   * matches, the soonest request dates), one read after another: one pooled connection a build.
   */
  async build(owner: UserRecord, origin: string): Promise<string> {
    const window = feedWindow(dayOfUser(owner));
    const trades = await completedTradesOf(this.em, owner.id, window, FEED_MAX_EVENTS);
    const chains = await chainTripsOf(this.em, owner.id, window, FEED_MAX_EVENTS);
    const matches = await pendingMatchesOf(this.em, owner.id, window, FEED_MAX_EVENTS);
    const requests = await requestDatesOf(this.em, owner.id, window, FEED_MAX_EVENTS);
    const kept = shareOut({ trades: trades.length, chains: chains.length, matches: matches.length, requests: requests.length });
    // ical-generator is loaded on the first feed asked for, not at start (docs/decisions/0034).
    const { buildFeed } = await import('./calendar.ics.ts');
    return buildFeed(
      {
        trades: trades.slice(0, kept.trades),
        chains: chains.slice(0, kept.chains),
        matches: matches.slice(0, kept.matches),
        requests: requests.slice(0, kept.requests),
      },
      origin,
    );
  }
}
