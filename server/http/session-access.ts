import type { EntityManager } from '@mikro-orm/postgresql';
import type { IncomingMessage } from 'node:http';
import type { DashboardStats } from '#protocol/shapes.ts';
import type { UserRecord } from '../db/user-record.ts';

/** A live session and its user, as a request or a socket finds it. */
export interface LoadedSession {
  sid: string;
  user: UserRecord;
}

/**
 * What the HTTP and socket layers need of sessions. Defined here, where it is used, and implemented
 * by features/auth (session-access.ts), so these layers import no feature.
 */
export interface SessionAccess {
  /** The live session a request's cookie names, or null. `em` is called only when the session cache misses. */
  forRequest(em: () => EntityManager, cookieHeader: string | undefined, secure: boolean): Promise<LoadedSession | null>;
  /** A socket handshake's session and the rooms it may join, or null when it names none. */
  forSocket(req: IncomingMessage): Promise<{ userId: number; sid: string; rooms: string[] } | null>;
  /** The badge counts a fresh socket gets at once (a reconnect may have missed pushes). */
  badges(userId: number): Promise<DashboardStats | undefined>;
}
