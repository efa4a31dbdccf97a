import { defineEntity, p } from '@mikro-orm/core';
import { insertTime, serialId, storedFileColumns } from './columns.ts';
import { TradeRequest } from './request.entity.ts';
import { User } from './user.entity.ts';

/** An offer from one crew member to another (spec: trade_requests). */
export const Offer = defineEntity({
  name: 'Offer',
  tableName: 'trade_requests',
  indexes: [
    { name: 'trade_requests_to_status_index', properties: ['toUser', 'status'] },
    { name: 'trade_requests_from_status_index', properties: ['fromUser', 'status'] },
    {
      name: 'trade_requests_thread_index',
      expression: `create index "trade_requests_thread_index" on "trade_requests" ("thread_id") where "thread_id" is not null`,
    },
  ],
  uniques: [
    // One pending offer per sender, recipient and request (Migration20261128230500): a second is
    // refused; a request's owner may counter several colleagues' offers on it.
    { name: 'trade_requests_pending_once', properties: ['fromUser', 'toUser', 'request'], where: "status = 'pending'" },
    // One pending message-only offer per sender and recipient (Migration20261126170016, docs/decisions/0019).
    {
      name: 'trade_requests_pending_message_once',
      properties: ['fromUser', 'toUser'],
      where: "status = 'pending' and request_id is null and offer_route is null and offer_reserve_period is null",
    },
    // An offer retried with the same client key is stored once (Migration20261126100000).
    { name: 'trade_requests_sender_client_key_unique', properties: ['fromUser', 'clientKey'] },
  ],
  properties: {
    id: serialId(),
    fromUser: p.manyToOne(User).deleteRule('cascade').fieldName('from_user_id'),
    toUser: p.manyToOne(User).deleteRule('cascade').fieldName('to_user_id'),
    request: p.manyToOne(TradeRequest).deleteRule('set null').nullable().fieldName('request_id').index(),
    // The sender's own request when the offer was sent on a match of theirs with `request` (ours, decision 0009).
    senderRequest: p.manyToOne(TradeRequest).deleteRule('set null').nullable().fieldName('sender_request_id').index(),
    status: p.string().length(20).default('pending'),
    /** Why the system closed it (status closed, docs/decisions/0042). */
    closedReason: p.string().length(30).nullable(),
    message: p.text().nullable(),
    tradeDate: p.date().nullable(),
    offerRoute: p.string().length(500).nullable(),
    offerReservePeriod: p.string().length(500).nullable(),
    requestType: p.string().length(10).default('pickup'),
    clientKey: p.string().length(64).nullable(),
    createdAt: insertTime(),
    respondedAt: p.datetime().nullable(),
    /** The offer this one counters, and the first of their thread (docs/decisions/0045); kept as ids: a thread goes only with its two parties. */
    counterOfId: p.integer().nullable(),
    threadId: p.integer().nullable(),
    /** Accepted by the request owner's standing rule; or, pending, why the rule left it to them. */
    acceptedByRule: p.boolean().default(false),
    ruleNote: p.string().length(300).nullable(),
  },
});

export const OfferImage = defineEntity({
  name: 'OfferImage',
  tableName: 'trade_request_images',
  properties: {
    id: serialId(),
    tradeRequest: p.manyToOne(Offer).deleteRule('cascade').fieldName('trade_request_id').index(),
    ...storedFileColumns(),
  },
});

export const OfferNotification = defineEntity({
  name: 'OfferNotification',
  tableName: 'trade_request_notifications',
  indexes: [{ name: 'trade_request_notifications_user_read_index', properties: ['user', 'isRead'] }],
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id'),
    tradeRequest: p.manyToOne(Offer).deleteRule('cascade').fieldName('trade_request_id').index(),
    type: p.string().length(30).default('trade_request'),
    isRead: p.boolean().default(false),
    createdAt: insertTime(),
  },
});

export const TradeHiddenByUser = defineEntity({
  name: 'TradeHiddenByUser',
  tableName: 'trade_hidden_by_user',
  uniques: [{ name: 'trade_hidden_unique', properties: ['user', 'tradeRequest'] }],
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id'),
    tradeRequest: p.manyToOne(Offer).deleteRule('cascade').fieldName('trade_request_id'),
    hiddenAt: insertTime(),
  },
});
