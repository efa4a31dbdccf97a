// Enumerations of docs/product-spec.md section 3; the one list both server and web read.
export const AIRLINES = ['Delta', 'American', 'United', 'Spirit', 'Southwest', 'JetBlue', 'Alaska', 'Frontier'] as const;
export type Airline = (typeof AIRLINES)[number];

export const POSITIONS = ['captain', 'first_officer', 'flight_attendant'] as const;
export type Position = (typeof POSITIONS)[number];

export const AIRCRAFT_TYPES = [
  '717',
  '737',
  '747',
  '757/767',
  '777',
  '787 Dreamliner',
  'A220',
  'A320',
  'A330',
  'A350',
  'A380',
  'CRJ',
  'E175',
  'E190',
  'ERJ 145',
] as const;
export type AircraftType = (typeof AIRCRAFT_TYPES)[number];

export const REQUEST_TYPES = ['drop', 'pickup', 'trade'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const ROUTE_TYPES = ['pairing', 'reserve_period'] as const;
export type RouteType = (typeof ROUTE_TYPES)[number];

export const REQUEST_STATUSES = ['active', 'pending', 'completed'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** closed: ended by the system because one of its requests was filled or no longer fits (docs/decisions/0042). */
export const MATCH_STATUSES = ['pending', 'active', 'trade_requested', 'approved', 'closed'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];
/**
 * Why a match was closed: a request of it was filled (by another trade), or edited so the two no
 * longer meet. request_deleted is only ever told live: a deleted request's matches go with it.
 */
export const MATCH_CLOSE_REASONS = ['request_filled', 'request_changed', 'request_deleted'] as const;
export type MatchCloseReason = (typeof MATCH_CLOSE_REASONS)[number];

/** A three-way trade chain (docs/decisions/0014): proposed until all three accept (completed) or one declines; cancelled when a member's request changes so the cycle no longer holds, or goes. */
export const CHAIN_STATUSES = ['proposed', 'completed', 'declined', 'cancelled'] as const;
export type ChainStatus = (typeof CHAIN_STATUSES)[number];

export const CHAIN_DECISIONS = ['pending', 'accepted', 'declined'] as const;
export type ChainDecision = (typeof CHAIN_DECISIONS)[number];

/** closed: ended by the system, never by a person, and never a decline (docs/decisions/0042). */
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'closed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/**
 * Why an offer was closed: the recipient's request was filled by another trade or deleted, or the
 * sender's own request (the one the offer was made from) was filled; or its recipient answered it
 * with a counter-offer (docs/decisions/0045), which it can no longer be accepted over.
 */
export const OFFER_CLOSE_REASONS = ['request_filled', 'sender_request_filled', 'request_deleted', 'countered'] as const;
export type OfferCloseReason = (typeof OFFER_CLOSE_REASONS)[number];

export const CHAT_TYPES = ['reserve', 'lineholder'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

export const SUPPORT_CATEGORIES = ['general', 'account', 'trade', 'bug', 'feature', 'technical', 'feedback'] as const;
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  general: 'General Inquiry',
  account: 'Account Issues',
  trade: 'Trade Problems',
  bug: 'Bug Report',
  feature: 'Feature Request',
  technical: 'Technical Support',
  feedback: 'Feedback & Suggestions',
};

export const SUPPORT_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

export const SUPPORT_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const ADMIN_ACTIONS = ['user_deleted', 'support_response', 'account_suspended'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ACTIVITY_TYPES = [
  'match_created',
  'trade_request_sent',
  'trade_request_accepted',
  'trade_request_declined',
  /** A pending offer closed by the system (its request filled or deleted), logged in its sender's name with no actor. */
  'trade_request_closed',
  /** The recipient answered an offer with a counter-offer (docs/decisions/0045). */
  'trade_request_countered',
  /** The request owner's standing rule accepted an offer, logged in the owner's name (docs/decisions/0045). */
  'trade_request_accepted_by_rule',
  'email_sent',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const EMAIL_TEMPLATE_TYPES = [
  'drop_trade_request',
  'pickup_trade_request',
  'trade_trade_request',
  // A message asking to trade, sent from a crew profile (docs/decisions/0025): nothing to pick up or drop.
  'message_trade_request',
  // A counter-offer, and a trade a standing rule accepted (docs/decisions/0045).
  'counter_trade_request',
  'standing_rule_accepted',
  'match_notification',
  'chain_notification',
] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];
