// Schemas of the main answers (the shapes of protocol/shapes.ts the screens read most), and which
// entries of the REST contract answer them. The API tests check every 2xx JSON answer of these
// entries against them, in one place (server/test/http-client.ts): the compiler holds the routes to
// the contract's types, these hold what actually goes over the wire, bytes prepared in advance
// included. Strict: a field the shape does not name is a mismatch too. Each schema's type is the
// shape's exactly (the checks at the end), so neither can drift from the other.
import { z } from 'zod';
import type { Endpoints, MessageResponse } from '../endpoints.ts';
import {
  AIRCRAFT_TYPES,
  AIRLINES,
  CHAIN_DECISIONS,
  CHAIN_STATUSES,
  MATCH_CLOSE_REASONS,
  MATCH_STATUSES,
  OFFER_CLOSE_REASONS,
  OFFER_STATUSES,
  POSITIONS,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  ROUTE_TYPES,
} from '../enums.ts';
import type { ChainItem, CurrentUser, DashboardStats, ImageRef, MatchItem, OfferItem, TradeRequestItem, UserSummary } from '../shapes.ts';

const id = z.number().int().positive();
const count = z.number().int().nonnegative();
/** A timestamp as the server writes it (Date#toISOString). */
const instant = z.iso.datetime();
/** A calendar day, YYYY-MM-DD. */
const day = z.iso.date();
const airline = z.enum(AIRLINES).nullable();
const position = z.enum(POSITIONS).nullable();
const aircraftType = z.enum(AIRCRAFT_TYPES).nullable();

export const messageResponseSchema = z.strictObject({ message: z.string().min(1) });

export const currentUserSchema = z.strictObject({
  id,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  employeeNumber: z.string().nullable(),
  base: z.string().nullable(),
  airline,
  position,
  aircraftType,
  emailNotifications: z.boolean(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isProtected: z.boolean(),
  createdAt: instant,
  timeZone: z.string().min(1),
  baseTimeZone: z.string().nullable(),
  timeZoneChoice: z.string().nullable(),
});

export const userSummarySchema = z.strictObject({
  id,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  employeeNumber: z.string().nullable(),
  airline,
  position,
  profileImageUrl: z.string().nullable(),
});

export const imageRefSchema = z.strictObject({ id, filename: z.string(), originalName: z.string(), mimeType: z.string() });

export const tradeRequestItemSchema = z.strictObject({
  id,
  userId: id,
  type: z.enum(REQUEST_TYPES),
  date: day,
  additionalDates: z.array(day),
  desiredDates: z.array(day),
  routeType: z.enum(ROUTE_TYPES),
  route: z.string().nullable(),
  reservePeriod: z.string().nullable(),
  tripDays: z.number().int().positive().nullable(),
  aircraftType,
  notes: z.string().nullable(),
  status: z.enum(REQUEST_STATUSES),
  createdAt: instant,
  updatedAt: instant,
  tripImages: z.array(imageRefSchema),
  user: userSummarySchema,
  autoAccept: z.boolean().optional(),
});

export const matchItemSchema = z.strictObject({
  id,
  status: z.enum(MATCH_STATUSES),
  closedReason: z.enum(MATCH_CLOSE_REASONS).nullable(),
  closedByRequestId: id.nullable(),
  request: tradeRequestItemSchema,
  matchedRequest: tradeRequestItemSchema,
  createdAt: instant,
});

export const chainItemSchema = z.strictObject({
  id,
  status: z.enum(CHAIN_STATUSES),
  members: z.array(
    z.strictObject({ user: userSummarySchema, request: tradeRequestItemSchema.nullable(), decision: z.enum(CHAIN_DECISIONS) }),
  ),
  createdAt: instant,
  updatedAt: instant,
});

export const offerItemSchema = z.strictObject({
  id,
  fromUserId: id,
  fromUser: userSummarySchema,
  toUserId: id,
  toUser: userSummarySchema,
  requestId: id.nullable(),
  request: tradeRequestItemSchema.nullable(),
  senderRequestId: id.nullable(),
  senderRequest: tradeRequestItemSchema.nullable(),
  tradeDate: day.nullable(),
  offerRoute: z.string().nullable(),
  offerReservePeriod: z.string().nullable(),
  offerTripDays: z.number().int().positive().nullable(),
  requestType: z.enum(REQUEST_TYPES),
  message: z.string().nullable(),
  status: z.enum(OFFER_STATUSES),
  closedReason: z.enum(OFFER_CLOSE_REASONS).nullable(),
  createdAt: instant,
  respondedAt: instant.nullable(),
  tradeRequestImages: z.array(imageRefSchema),
  counterOfId: id.nullable(),
  threadId: id,
  acceptedByRule: z.boolean(),
  ruleNote: z.string().nullable(),
});

export const dashboardStatsSchema = z.strictObject({
  activeRequests: count,
  pendingMatches: count,
  pendingTrades: count,
  completedTrades: count,
  acceptedTrades: count,
  declinedTrades: count,
  unacknowledgedNotifications: count,
  unreadMessages: count,
});

/** The schema of each entry's answer, where there is one; each typed as the contract's answer. */
export const RESPONSE_SCHEMAS: { readonly [E in keyof Endpoints]?: z.ZodType<Endpoints[E]['response']> } = {
  'GET /api/auth/user': currentUserSchema,
  'POST /api/register': currentUserSchema,
  'POST /api/login': currentUserSchema,
  'POST /api/logout': messageResponseSchema,
  'POST /api/forgot-password': messageResponseSchema,
  'POST /api/reset-password': messageResponseSchema,
  'PUT /api/profile': currentUserSchema,
  'GET /api/dashboard/stats': dashboardStatsSchema,
  'GET /api/requests': z.array(tradeRequestItemSchema),
  'GET /api/all-trades': z.array(tradeRequestItemSchema),
  'POST /api/requests': tradeRequestItemSchema,
  'PUT /api/requests/:id': tradeRequestItemSchema,
  'DELETE /api/requests/:id': messageResponseSchema,
  'GET /api/matches': z.array(matchItemSchema),
  'PUT /api/matches/:id/status': matchItemSchema,
  'DELETE /api/matches/:id': messageResponseSchema,
  'GET /api/chains': z.array(chainItemSchema),
  'POST /api/chains/:id/accept': chainItemSchema,
  'POST /api/chains/:id/decline': chainItemSchema,
  'GET /api/chains/completed': z.array(chainItemSchema),
  'POST /api/chains/:id/dismiss': messageResponseSchema,
  'POST /api/chains/:id/hide': messageResponseSchema,
  'POST /api/notifications/acknowledge': messageResponseSchema,
  'POST /api/trade-requests': offerItemSchema,
  'GET /api/trade-requests': z.array(offerItemSchema),
  'GET /api/sent-trade-requests': z.array(offerItemSchema),
  'GET /api/user-trades': z.array(offerItemSchema),
  'PUT /api/trade-requests/:id': offerItemSchema,
  'POST /api/trade-requests/:id/counter': offerItemSchema,
  'GET /api/trade-requests/:id/thread': z.array(offerItemSchema),
  'DELETE /api/trade-requests/:id': messageResponseSchema,
  'POST /api/trade-request-notifications/:id/mark-read': messageResponseSchema,
  'DELETE /api/schedule-images/:id': messageResponseSchema,
  'POST /api/messages/:userId/mark-read': messageResponseSchema,
  'DELETE /api/messages/conversation/:userId': messageResponseSchema,
  'DELETE /api/base-chat/:id': messageResponseSchema,
  'DELETE /api/admin/users/:id': messageResponseSchema,
  'POST /api/admin/notifications/:id/mark-read': messageResponseSchema,
  'DELETE /api/calendar-feed': messageResponseSchema,
  'POST /api/push/subscriptions': messageResponseSchema,
  'POST /api/push/subscriptions/remove': messageResponseSchema,
  'DELETE /api/roster': messageResponseSchema,
};

// Each schema's type is its shape's, both ways: a field added to, dropped from or retyped in either
// one and not the other does not compile.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
export type _SchemasAreTheirShapes = [
  Holds<Same<z.output<typeof messageResponseSchema>, MessageResponse>>,
  Holds<Same<z.output<typeof currentUserSchema>, CurrentUser>>,
  Holds<Same<z.output<typeof userSummarySchema>, UserSummary>>,
  Holds<Same<z.output<typeof imageRefSchema>, ImageRef>>,
  Holds<Same<z.output<typeof tradeRequestItemSchema>, TradeRequestItem>>,
  Holds<Same<z.output<typeof matchItemSchema>, MatchItem>>,
  Holds<Same<z.output<typeof chainItemSchema>, ChainItem>>,
  Holds<Same<z.output<typeof offerItemSchema>, OfferItem>>,
  Holds<Same<z.output<typeof dashboardStatsSchema>, DashboardStats>>,
];
