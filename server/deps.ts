import type { SessionAccess } from './features/auth/session-access.ts';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CacheRegistry } from './caches/cache-registry.ts';
import type { Config } from './config.ts';
import type { EventBus } from './events/event-bus.ts';
import type { BoardCache } from './features/board/board-cache.ts';
import type { FeedCache } from './features/calendar/calendar-cache.ts';
import type { InsightsCache } from './features/admin/insights-cache.ts';
import type { PasswordHasher } from './features/auth/password.ts';
import type { SessionCache } from './features/auth/session-cache.ts';
import type { RateLimits } from './http/rate-limit.ts';
import type { Logger } from './lib/logger.ts';
import type { NotificationOutbox } from './outbox/notification-outbox.ts';
import type { IoServer, Publisher } from './realtime/publisher.ts';
import type { PushDevices } from './features/push/push-devices.ts';
import type { PushSender } from './features/push/push-sender.ts';
import type { RosterRefresh } from './features/roster/roster-refresh.ts';
import type { RosterFeeds } from './features/roster/roster.service.ts';

/** What the app is built from; services take the parts they need from here, explicitly. */
export interface Deps {
  config: Config;
  log: Logger;
  orm: MikroORM;
  /**
   * Every mail and push the server sends, recorded with the write that asks for it and delivered
   * from the table (outbox/; docs/decisions/0026, 0043). The mailer is the outbox's own: no feature
   * sends mail.
   */
  outbox: NotificationOutbox;
  limits: RateLimits;
  hasher: PasswordHasher;
  publisher: Publisher;
  io: IoServer;
  /** The per-instance caches' peer channels, reconnect hooks and staleness (caches/cache-registry.ts). */
  caches: CacheRegistry;
  sessionCache: SessionCache;
  sessions: SessionAccess;
  /** Each group's tradeboard as sent (features/board/board-cache.ts). */
  boardCache: BoardCache;
  /** Each user's calendar feed as sent, for a minute (features/calendar/calendar-cache.ts). */
  calendarFeeds: FeedCache;
  /** The admins' Insights report, for a minute (features/admin/insights-cache.ts). */
  insights: InsightsCache;
  /** Domain events, dispatched after commit to the subscribers of server/subscribers.ts. */
  events: EventBus;
  /** Web Push to the users' subscribed devices (features/push). */
  push: PushSender;
  /** Which users may have a push device: most have none, and their events need no query. */
  pushDevices: PushDevices;
  /** Roster subscriptions: the guarded fetch and the sealed addresses (features/roster). */
  roster: RosterFeeds;
  /** The half-hourly re-read of roster subscriptions, shared by the instances. */
  rosterRefresh: RosterRefresh;
}
