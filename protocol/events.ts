// The Socket.IO event map: server→client and client→server. Rooms are named in server/realtime.
import type { ChatType, MatchCloseReason, OfferStatus } from './enums.ts';
import type {
  AdminNotificationItem,
  ChainItem,
  ChatMessage,
  DashboardStats,
  SupportRequestItem,
  DirectMessage,
  MatchItem,
  OfferItem,
  TradeRequestItem,
} from './shapes.ts';

export interface ServerToClientEvents {
  /** Dashboard counts, the same numbers as GET /api/dashboard/stats. */
  badges: (stats: DashboardStats) => void;
  /** A request of the caller's group was created or edited. */
  'board:upsert': (request: TradeRequestItem) => void;
  /** A request of the caller's group was deleted or left the board. */
  'board:remove': (payload: { id: number }) => void;
  /** A new match involving one of the caller's requests. */
  'match:new': (match: MatchItem) => void;
  /** A match changed status or was removed. */
  /** closedReason and closedByRequestId when the system closed it, or a deleted request took it (docs/decisions/0042). */
  'match:update': (payload: {
    id: number;
    status: MatchItem['status'] | 'deleted';
    closedReason?: MatchCloseReason;
    closedByRequestId?: number;
  }) => void;
  /** A three-way trade chain the caller is in was proposed, or changed (an answer, completed, declined, cancelled). */
  'chain:update': (chain: ChainItem) => void;
  /** An offer the caller received (to the recipient's sockets) or sent (to the sender's other tabs). */
  'offer:new': (offer: OfferItem) => void;
  /** An offer the caller sent or received was answered, cancelled, or hidden by the caller. */
  'offer:update': (payload: { id: number; status: OfferStatus | 'deleted' }) => void;
  /** A direct message to or from the caller (the sender's other tabs get their own copy). */
  'message:new': (message: DirectMessage) => void;
  /** `readerId` read every message `otherUserId` sent them (to both parties' sockets). */
  'message:read': (payload: { readerId: number; otherUserId: number }) => void;
  /** The caller removed the conversation with `userId` (to the caller's other tabs). */
  'conversation:deleted': (payload: { userId: number }) => void;
  /** A message in one of the caller's chat rooms. */
  'chat:new': (message: ChatMessage) => void;
  'chat:deleted': (payload: { id: number; chatType: ChatType }) => void;
  /** The notification list (matches and offers) changed; the client refetches it. */
  'notifications:changed': () => void;
  /** A new admin bell entry (to admins only). */
  'admin:notification': (notification: AdminNotificationItem) => void;
  /** The caller's admin bell changed otherwise (read elsewhere); the client refetches it. */
  'admin:notifications-changed': () => void;
  /** One of the caller's support requests changed (an admin responded), to the filer's sockets. */
  'support:update': (request: SupportRequestItem) => void;
  /** The session ended elsewhere (sign-out, reset, deletion). */
  'session:ended': () => void;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no client→server events yet; REST carries all writes
export interface ClientToServerEvents {}
