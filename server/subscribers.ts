import type { Deps } from './deps.ts';
import { adminSubscriber } from './features/admin/admin.subscriber.ts';
import { sessionsSubscriber } from './features/auth/sessions.subscriber.ts';
import { baseChatSubscriber } from './features/base-chat/base-chat.subscriber.ts';
import { boardCacheSubscriber, boardSubscriber } from './features/board/board.subscriber.ts';
import { chainNoticesSubscriber } from './features/chains/chain-notices.subscriber.ts';
import { badgesSubscriber } from './features/dashboard/badges.subscriber.ts';
import { matchNoticesSubscriber } from './features/trading/match-notices.subscriber.ts';
import { matchMailDrafter } from './features/trading/match-mails.ts';
import { matchItemsOf } from './features/matches/matches.service.ts';
import { chainMailDrafter } from './features/chains/chain-mails.ts';
import { offerMailDrafter } from './features/offers/offer-mails.ts';
import { accountMailDrafter } from './features/auth/account-mail.delivery.ts';
import { supportMailDrafter } from './features/support/support-mail.delivery.ts';
import { pushDelivery } from './features/push/push.delivery.ts';
import type { OutboxDeliveries } from './outbox/outbox-plugins.ts';
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
  deps.outbox.deliverWith(outboxDeliveries(deps));
}

/**
 * What each feature hands the notification outbox (a floor: it imports none of them): the drafter
 * of the mails of its events, and the push sender. Each lives with its feature's notices; this is
 * the one list. A mailed event type with no drafter here is a test failure (outbox-deliveries.test.ts).
 */
export function outboxDeliveries(deps: Pick<Deps, 'orm' | 'limits' | 'push'>): OutboxDeliveries {
  return {
    mail: [
      matchMailDrafter(deps, matchItemsOf),
      chainMailDrafter(),
      offerMailDrafter(deps),
      accountMailDrafter(deps),
      supportMailDrafter(deps),
    ],
    push: pushDelivery(deps),
  };
}
