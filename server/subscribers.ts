import type { Deps } from './deps.ts';
import { adminSubscriber } from './features/admin/admin.subscriber.ts';
import { sessionsSubscriber } from './features/auth/sessions.subscriber.ts';
import { baseChatSubscriber } from './features/base-chat/base-chat.subscriber.ts';
import { boardCacheSubscriber, boardSubscriber } from './features/board/board.subscriber.ts';
import { chainNoticesSubscriber } from './features/chains/chain-notices.subscriber.ts';
import { badgesSubscriber } from './features/dashboard/badges.subscriber.ts';
import { matchNoticesSubscriber } from './features/trading/match-notices.subscriber.ts';
import { messagesSubscriber } from './features/messages/messages.subscriber.ts';
import { notificationsSubscriber } from './features/notifications/notifications.subscriber.ts';
import { offerNoticesSubscriber } from './features/offers/offer-notices.subscriber.ts';
import { supportSubscriber } from './features/support/support.subscriber.ts';
import { socketRoomsSubscriber } from './realtime/socket-rooms.subscriber.ts';
import { storedFilesSubscriber } from './storage/files.subscriber.ts';

/**
 * Every subscriber, in the order each commit's events reach them. Those of phase 'reply' run
 * before the write answers: cached sessions and boards dropped, sockets moved, files removed, so
 * the writer's next request sees its write. The rest follow the answer, in this order: the board's
 * fan-out, notices, and the counts last (one query for all the users the other reactions touched).
 * Each lives with its feature; this is the one list.
 */
export function registerSubscribers(deps: Deps): void {
  const { events } = deps;
  events.subscribe(sessionsSubscriber(deps));
  events.subscribe(boardCacheSubscriber(deps));
  events.subscribe(boardSubscriber(deps));
  events.subscribe(storedFilesSubscriber(deps));
  events.subscribe(matchNoticesSubscriber(deps));
  events.subscribe(chainNoticesSubscriber(deps));
  events.subscribe(notificationsSubscriber(deps));
  events.subscribe(offerNoticesSubscriber(deps));
  events.subscribe(messagesSubscriber(deps));
  events.subscribe(baseChatSubscriber(deps));
  events.subscribe(supportSubscriber(deps));
  events.subscribe(adminSubscriber(deps));
  events.subscribe(socketRoomsSubscriber(deps));
  events.subscribe(badgesSubscriber(deps));
}
