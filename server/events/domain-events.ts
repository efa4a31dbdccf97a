import type { MatchCloseReason, MatchStatus } from '#protocol/enums.ts';
import type { ChainItem, ChatMessage, DirectMessage, OfferItem, TradeRequestItem } from '#protocol/shapes.ts';

/**
 * What happened, as services record it inside their transaction (server/events/event-bus.ts). After
 * the commit, each event goes to the subscribers that handle its type (server/subscribers.ts):
 * board fan-out and cache, match notices, notifications, badge counts, mail, stored files, sockets.
 * Payloads are mostly ids and keys: a subscriber loads what it shows, after the commit. What was
 * created carries itself as the transaction stored it (a request, an offer, a chain, a direct
 * message, a chat post), so the answer, the fan-out and push read nothing again.
 *
 */
export type DomainEvent =
  // Requests (features/requests). groupKey: the board the request is on after the change. A create
  // carries the request as it answered with it (built from the insert), so its fan-out reads nothing;
  // so does an owner's edit. A status changed by a trade carries none: its board is read again.
  | { type: 'request.created'; requestId: number; userId: number; groupKey: string; item: TradeRequestItem }
  | { type: 'request.updated'; requestId: number; userId: number; groupKey: string; item?: TradeRequestItem }
  | { type: 'request.deleted'; requestId: number; userId: number; groupKey: string }
  // Matching (features/trading, the trading core) and matches (features/matches). userIds: both participants.
  | { type: 'match.created'; match: CreatedMatch }
  // closed: why, and by which of its requests (docs/decisions/0042); a deletion of a request says so too.
  | {
      type: 'match.changed';
      matchId: number;
      status: MatchStatus | 'deleted';
      userIds: readonly number[];
      closed?: { reason: MatchCloseReason; byRequestId: number };
    }
  // Three-way chains (features/chains, the trading core): proposed (new), or answered, completed,
  // declined or cancelled. userIds: its members. item: the chain as the transaction left it, read
  // inside it, so its notices read nothing again.
  | { type: 'chain.changed'; chainId: number; userIds: readonly number[]; proposed: boolean; item: ChainItem }
  // Offers (features/offers). fromUserId sent it, toUserId received it. A sent offer carries itself
  // as the transaction stored it; so does the offer its recipient answered (not those an accept
  // declined along with it: who needs them reads them).
  | { type: 'offer.sent'; offerId: number; fromUserId: number; toUserId: number; item: OfferItem }
  // Answered by its recipient, or closed by the system (a request filled or deleted: docs/decisions/0042).
  | {
      type: 'offer.answered';
      offerId: number;
      status: 'accepted' | 'declined' | 'closed';
      fromUserId: number;
      toUserId: number;
      item?: OfferItem;
      /** Accepted by the recipient's standing rule: the recipient (the request's owner) is told too, by mail and push (docs/decisions/0045). */
      byRule?: boolean;
      /** Told live only: a countered offer, whose counter-offer is the notice (docs/decisions/0045). */
      silent?: boolean;
    }
  // Cancelled by the sender while pending (gone for both), or hidden by one side (gone for userIds only).
  | { type: 'offer.removed'; offerId: number; userIds: readonly number[] }
  // Direct messages (features/messages) and base chat (features/base-chat). A sent message and a chat
  // post carry themselves as their sender sees them (with the client key; everyone else's copy has none).
  | { type: 'message.sent'; messageId: number; fromUserId: number; toUserId: number; item: DirectMessage }
  | { type: 'message.read'; readerId: number; otherUserId: number }
  | { type: 'conversation.deleted'; userId: number; otherUserId: number }
  | { type: 'chat.posted'; messageId: number; room: ChatRoom; item: ChatMessage }
  | { type: 'chat.deleted'; messageId: number; room: ChatRoom }
  // The user's bell changed by their own hand (an acknowledgement).
  | { type: 'notification.changed'; userId: number }
  // Counts moved by something no other event here names (the badges subscriber derives the rest).
  | { type: 'badges.stale'; userIds: readonly number[] }
  // A group's board changed without a request event (its cached body is rebuilt on every instance).
  | { type: 'board.changed'; groupKey: string }
  // Stored files no committed row names any more: removed from disk after the commit.
  | { type: 'files.released'; filenames: readonly string[] }
  // Accounts (features/profile, features/auth): what the boards and the sockets follow.
  | { type: 'profile.changed'; userId: number; before: ProfileShown; after: ProfileShown }
  | { type: 'user.groupMoved'; userId: number; from: string | null; to: string | null }
  | { type: 'sessions.ended'; userId: number | null; sids: readonly string[] }
  // Account mail asked for (features/auth): the confirmation of a new account's address, a password
  // reset. Delivered from the outbox (docs/decisions/0043), which makes the link's token as it
  // builds the mail: no link is stored before it is sent. linkOrigin: where the link points.
  | { type: 'account.verifyAsked'; userId: number; linkOrigin: string }
  | { type: 'account.resetAsked'; userId: number; linkOrigin: string }
  // Support (features/support): filed by userId; answered by an admin (resolved, adminResponse set).
  | { type: 'support.created'; supportRequestId: number; userId: number }
  | { type: 'support.responded'; supportRequestId: number; userId: number; adminId: number; linkOrigin: string }
  // Admin bell entries inserted (one per admin), or read: the admins' bells follow.
  | { type: 'admin.notified'; notificationIds: readonly number[] }
  | { type: 'admin.notificationsRead'; adminId: number }
  // An admin deleted an account (features/admin): its rows are gone; sessions.ended, files.released,
  // board and match events of the same commit carry the rest.
  | { type: 'user.deleted'; userId: number; groupKey: string | null; adminId: number }
  // A user's row changed outside the profile form (address proven, provider linked): cached reads go.
  | { type: 'user.updated'; userId: number };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** A base chat room: the poster's airline, base and position, and the chat type. */
export interface ChatRoom {
  airline: string;
  base: string;
  position: string;
  chatType: 'reserve' | 'lineholder';
}

/** A match as matching inserted it (pending), with the owners of its two requests in the same order. */
export interface CreatedMatch {
  id: number;
  requestId: number;
  matchedRequestId: number;
  createdAt: Date | string;
  userIds: readonly [number, number];
}

/** What others see of a user (boards, matches) and the user's group: a profile change compares these. */
export interface ProfileShown {
  id: number;
  firstName: string | null;
  lastName: string | null;
  employeeNumber: string | null;
  airline: string | null;
  base: string | null;
  position: string | null;
  aircraftType: string | null;
  profileImageUrl: string | null;
}
