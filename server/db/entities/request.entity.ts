import { defineEntity, p } from '@mikro-orm/core';
import { insertTime, serialId, storedFileColumns, updateTime } from './columns.ts';
import { User } from './user.entity.ts';

export const TradeRequest = defineEntity({
  name: 'Request',
  tableName: 'requests',
  indexes: [
    // The tradeboard: the caller's group, active, by date.
    { name: 'requests_board_index', properties: ['groupKey', 'status', 'date'] },
    // Matching: group + type among active requests.
    { name: 'requests_match_index', properties: ['groupKey', 'type', 'status', 'lastDate'] },
    // Insights (docs/decisions/0044, Migration20261128210000): requests posted per week, and the
    // active requests whose last date is not past, by group.
    { name: 'requests_created_at_index', properties: ['createdAt'] },
    {
      name: 'requests_active_last_date_index',
      expression: `create index "requests_active_last_date_index" on "requests" ("last_date", "group_key") where "status" = 'active'`,
    },
  ],
  // A create retried with the same client key is stored once (Migration20261126100000).
  uniques: [{ name: 'requests_owner_client_key_unique', properties: ['user', 'clientKey'] }],
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').index(),
    type: p.string().length(10),
    date: p.date(),
    additionalDates: p.array().columnType('text[]').default([]),
    desiredDates: p.array().columnType('text[]').default([]),
    routeType: p.string().length(20),
    route: p.string().length(500).nullable(),
    reservePeriod: p.string().length(500).nullable(),
    tripDays: p.integer().nullable().default(1),
    aircraftType: p.string().length(30).nullable(),
    notes: p.text().nullable(),
    status: p.string().length(20).default('active'),
    /** The owner's standing rule (docs/decisions/0045): offers that give what it asks are accepted by themselves. */
    autoAccept: p.boolean().default(false),
    // Derived for indexed matching (docs/ARCHITECTURE.md section 3): the owner's group when posted,
    // every date the request covers, and the last of them (past requests drop off the board).
    groupKey: p.string().length(120),
    allDates: p.array().columnType('text[]'),
    lastDate: p.date(),
    clientKey: p.string().length(64).nullable(),
    createdAt: insertTime(),
    updatedAt: updateTime(),
  },
});

export const TripImage = defineEntity({
  name: 'TripImage',
  tableName: 'trip_images',
  properties: {
    id: serialId(),
    request: p.manyToOne(TradeRequest).deleteRule('cascade').fieldName('request_id').index(),
    ...storedFileColumns(),
  },
});

export const Match = defineEntity({
  name: 'Match',
  tableName: 'matches',
  uniques: [
    // One match per unordered pair: the service stores the lower request id first.
    { name: 'matches_pair_unique', properties: ['request', 'matchedRequest'] },
  ],
  // Insights: matches made per week (docs/decisions/0044).
  indexes: [{ name: 'matches_created_at_index', properties: ['createdAt'] }],
  properties: {
    id: serialId(),
    request: p.manyToOne(TradeRequest).deleteRule('cascade').fieldName('request_id'),
    matchedRequest: p.manyToOne(TradeRequest).deleteRule('cascade').fieldName('matched_request_id').index(),
    status: p.string().length(20).default('pending'),
    /** Why the system closed it (status closed, docs/decisions/0042), and which of its two requests did. */
    closedReason: p.string().length(30).nullable(),
    closedByRequestId: p.integer().nullable(),
    createdAt: insertTime(),
    updatedAt: updateTime(),
  },
});

/**
 * A three-way trade chain (docs/decisions/0014): three trade requests of one group and
 * route type, each one's dates meeting the next one's desired dates. Proposed once per cycle: the
 * cycle key is its request ids in cycle order, rotated to start at the lowest.
 */
export const TradeChain = defineEntity({
  name: 'TradeChain',
  tableName: 'trade_chains',
  uniques: [{ name: 'trade_chains_cycle_key_unique', properties: ['cycleKey'] }],
  // The chain search reads a group's open chains only; ended ones pile up (Migration20261126130000).
  indexes: [
    {
      name: 'trade_chains_open_index',
      expression: `create index "trade_chains_open_index" on "trade_chains" ("group_key") where "status" = 'proposed'`,
    },
  ],
  properties: {
    id: serialId(),
    groupKey: p.string().length(120),
    routeType: p.string().length(20),
    cycleKey: p.string().length(64),
    status: p.string().length(20).default('proposed'),
    createdAt: insertTime(),
    updatedAt: updateTime(),
  },
});

/** A member of a chain: position 0-2 in cycle order (each request goes to the next), and their answer. */
export const TradeChainMember = defineEntity({
  name: 'TradeChainMember',
  tableName: 'trade_chain_members',
  uniques: [{ name: 'trade_chain_members_position_unique', properties: ['chain', 'position'] }],
  properties: {
    id: serialId(),
    chain: p.manyToOne(TradeChain).deleteRule('cascade').fieldName('chain_id'),
    position: p.smallint(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id').index(),
    // Kept (null) when the request is deleted: the chain is cancelled then, and still shown as such.
    request: p.manyToOne(TradeRequest).deleteRule('set null').nullable().fieldName('request_id').index(),
    decision: p.string().length(20).default('pending'),
    decidedAt: p.datetime().nullable(),
    // The member's own view (docs/decisions/0025, Migration20261126171500): an ended chain dismissed from
    // /matches, a completed one removed from the Trades screen's Completed tab.
    dismissedAt: p.datetime().nullable(),
    hiddenAt: p.datetime().nullable(),
  },
});

export const Trade = defineEntity({
  name: 'Trade',
  tableName: 'trades',
  // Insights: trades completed per week (docs/decisions/0044).
  indexes: [{ name: 'trades_approved_at_index', properties: ['approvedAt'] }],
  properties: {
    id: serialId(),
    match: p.manyToOne(Match).deleteRule('set null').nullable().fieldName('match_id').index(),
    request: p.manyToOne(TradeRequest).deleteRule('set null').nullable().fieldName('request_id'),
    matchedRequest: p.manyToOne(TradeRequest).deleteRule('set null').nullable().fieldName('matched_request_id'),
    // Set when the trade is one of a completed three-way chain's three.
    chain: p.manyToOne(TradeChain).deleteRule('set null').nullable().fieldName('chain_id').index(),
    approvedAt: insertTime(),
    notes: p.text().nullable(),
  },
});

export const NotificationAcknowledgment = defineEntity({
  name: 'NotificationAcknowledgment',
  tableName: 'notification_acknowledgments',
  uniques: [{ name: 'notification_ack_unique', properties: ['user', 'match'] }],
  properties: {
    id: serialId(),
    user: p.manyToOne(User).deleteRule('cascade').fieldName('user_id'),
    match: p.manyToOne(Match).deleteRule('cascade').fieldName('match_id').index(),
    acknowledgedAt: insertTime(),
  },
});
