import type { MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../config.ts';
import { rooms } from '../../realtime/rooms.ts';
import { chatRoomNamesOf } from '../base-chat/chat-room.ts';
import { statsFor } from '../dashboard/dashboard.service.ts';
import { groupKeyOf } from '../user-kernel/group.ts';
import { hasAdminRights } from '../user-kernel/owner.ts';
import type { SessionCache } from './session-cache.ts';
import { readSessionToken, sessionTokenOf } from './session-cookie.ts';
import type { SessionAccess } from '../../http/session-access.ts';
import { SessionStore } from './session.store.ts';
import { poolEm } from '../../db/pool-em.ts';

/**
 * What the HTTP and socket layers need of sessions, handed to them by server.ts: http/ and
 * realtime/ know nothing of features, so the rules of cookies, owners and groups stay here.
 */
export type { SessionAccess };

export function createSessionAccess(orm: MikroORM, cache: SessionCache, config: Pick<Config, 'trustProxy' | 'ownerEmail'>): SessionAccess {
  return {
    async forRequest(em, cookieHeader, secure) {
      const token = readSessionToken(cookieHeader, secure);
      return token ? new SessionStore(em, cache).load(token) : null;
    },
    async forSocket(req) {
      const token = sessionTokenOf(req, config.trustProxy);
      const session = token ? await new SessionStore(poolEm(orm), cache).load(token) : null;
      if (!session) return null;
      const joined = [rooms.user(session.user.id), rooms.session(session.sid)];
      const group = groupKeyOf(session.user);
      if (group) joined.push(rooms.board(group));
      // Both chat rooms of the user's airline, base and position (the aircraft type does not split them).
      joined.push(...chatRoomNamesOf(session.user));
      if (hasAdminRights(session.user, config.ownerEmail)) joined.push(rooms.admins);
      return { userId: session.user.id, sid: session.sid, rooms: joined };
    },
    async badges(userId) {
      return (await statsFor(poolEm(orm), [userId])).get(userId);
    },
  };
}
