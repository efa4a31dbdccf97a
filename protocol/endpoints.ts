// The REST routes the web app calls with fetch: method and path (":name" is a numeric id), the body
// the route parses (the schemas' output types, which is what the web's forms produce) and what it
// answers (the shapes). The web's API client is typed by this map, so a wrong path, a wrong body or
// a wrong use of an answer does not compile. Routes the browser only navigates to (GET /api/login and
// its callback, GET /api/verify-email, /uploads/*) are not fetched and not here.
import type { z } from 'zod';
import type { forgotPasswordSchema, LoginBody, RegisterBody, ResetPasswordBody } from './schemas/auth.ts';
import type { ProfileBody } from './schemas/profile.ts';
import type { ChatInput, DirectMessageInput } from './schemas/messages.ts';
import type { CounterInput, OfferInput, OfferStatusBody } from './schemas/offers.ts';
import type { PushInfo, PushTestResult } from './push.ts';
import type { PushSubscriptionBody, PushUnsubscribeBody } from './schemas/push.ts';
import type { AirlineRosterRules, RosterCheck, RosterInfo, RosterSaved } from './roster.ts';
import type { RosterKindRequest, RosterLimitsBody, RosterUrlBody } from './schemas/roster.ts';
import type { EmailTemplateBody, SupportRequestInput, SupportResponseBody } from './schemas/support.ts';
import type { acknowledgeSchema, matchStatusSchema, RequestBody } from './schemas/requests.ts';
import type {
  AdminLogItem,
  AdminNotificationItem,
  AdminUserItem,
  CalendarFeedInfo,
  ChainItem,
  ChatMessage,
  EmailTemplateItem,
  InsightsReport,
  SupportRequestItem,
  UserActivityReport,
  ChatPage,
  ConversationSummary,
  CrewMember,
  CurrentUser,
  DirectMessage,
  DashboardStats,
  MatchItem,
  MatchNotification,
  OfferItem,
  OfferNotificationItem,
  ProfileView,
  ScheduleImageItem,
  ThreadPage,
  TradeRequestItem,
} from './shapes.ts';

/** The answer of a write that has nothing else to say. */
export interface MessageResponse {
  message: string;
}

export type ForgotPasswordBody = z.infer<typeof forgotPasswordSchema>;
export type AcknowledgeBody = z.infer<typeof acknowledgeSchema>;
export type MatchStatusBody = z.infer<typeof matchStatusSchema>;

/**
 * Every list is paged (protocol/paging.ts, docs/decisions/0020): at most PAGE_SIZE items, the next
 * page named in the X-Next-Cursor header and asked for with ?cursor=; the body's shape is the same
 * for every page.
 *
 * `body`: the JSON the route reads (absent: none). `files`: the multipart field of a route that also
 * takes files, sent with the same fields as the JSON body (lists as JSON text).
 */
export interface Endpoints {
  /** The signed-in user; 401 when signed out. */
  'GET /api/auth/user': { response: CurrentUser };
  /** Creates the account and signs it in. */
  'POST /api/register': { body: RegisterBody; response: CurrentUser };
  'POST /api/login': { body: LoginBody; response: CurrentUser };
  /** Ends the session (POST only: a cross-site link must not sign anyone out). */
  'POST /api/logout': { response: MessageResponse };
  /** The same answer whether or not the address has an account. */
  'POST /api/forgot-password': { body: ForgotPasswordBody; response: MessageResponse };
  'POST /api/reset-password': { body: ResetPasswordBody; response: MessageResponse };

  /** The saved user (airline, base, position or aircraft may have moved them to another group). */
  'PUT /api/profile': { body: ProfileBody; response: CurrentUser };
  'GET /api/profile/:userId': { response: ProfileView };

  'GET /api/dashboard/stats': { response: DashboardStats };

  /** The caller's own requests by date, every status (?status= for one). */
  'GET /api/requests': { response: TradeRequestItem[] };
  /** The board of the caller's group by date: current active requests, own included (?date=, ?type=, ?search= filter every page). */
  'GET /api/all-trades': { response: TradeRequestItem[] };
  'POST /api/requests': { body: RequestBody; files: 'tripImages'; response: TradeRequestItem };
  /** JSON only: an edit never sends images. */
  'PUT /api/requests/:id': { body: RequestBody; response: TradeRequestItem };
  'DELETE /api/requests/:id': { response: MessageResponse };

  'GET /api/matches': { response: MatchItem[] };
  'PUT /api/matches/:id/status': { body: MatchStatusBody; response: MatchItem };
  'DELETE /api/matches/:id': { response: MessageResponse };

  // Three-way trade chains (docs/decisions/0014): the caller's open ones, then the newest ended of the last 7 days they did not dismiss (CHAINS_LISTED); each member answers for their own request.
  'GET /api/chains': { response: ChainItem[] };
  /** Accepting as the third member completes the chain: three requests completed, three trades rows. */
  'POST /api/chains/:id/accept': { response: ChainItem };
  /** One decline ends the chain for all three. */
  'POST /api/chains/:id/decline': { response: ChainItem };
  /** Completed chains as trades on the Trades screen's Completed tab, less those the caller removed there (docs/decisions/0025). */
  'GET /api/chains/completed': { response: ChainItem[] };
  /** An ended chain leaves the caller's /matches (409 while open); ended chains leave by themselves after 7 days. */
  'POST /api/chains/:id/dismiss': { response: MessageResponse };
  /** A completed chain leaves the caller's Completed tab and count. */
  'POST /api/chains/:id/hide': { response: MessageResponse };

  'GET /api/notifications': { response: MatchNotification[] };
  'POST /api/notifications/acknowledge': { body: AcknowledgeBody; response: MessageResponse };

  /** Sends an offer; JSON, or multipart with the same fields and up to 6 tradeRequestImages (pairings only). */
  'POST /api/trade-requests': { body: OfferInput; files: 'tradeRequestImages'; response: OfferItem };
  /** Offers received and still pending, newest first. */
  'GET /api/trade-requests': { response: OfferItem[] };
  /** Offers the caller sent that are still pending, newest first. */
  'GET /api/sent-trade-requests': { response: OfferItem[] };
  /** Offers sent or received that were accepted or declined, less those the caller hid; newest answer first. */
  'GET /api/user-trades': { response: OfferItem[] };
  /** The recipient answers a pending offer. */
  'PUT /api/trade-requests/:id': { body: OfferStatusBody; response: OfferItem };
  /**
   * The recipient of a pending offer answers it with another trip of its sender's (docs/decisions/0045):
   * 201 with the counter (from the caller to the offer's sender, pending); the countered offer is
   * closed (countered) and can no longer be answered (409).
   */
  'POST /api/trade-requests/:id/counter': { body: CounterInput; response: OfferItem };
  /** Every offer of the offer's thread of counters, oldest first; only its two parties see it. */
  'GET /api/trade-requests/:id/thread': { response: OfferItem[] };
  /** The sender cancels a pending offer; either side hides a finished one from their own view. */
  'DELETE /api/trade-requests/:id': { response: MessageResponse };
  'GET /api/trade-request-notifications': { response: OfferNotificationItem[] };
  'POST /api/trade-request-notifications/:id/mark-read': { response: MessageResponse };

  'GET /api/schedule-images': { response: ScheduleImageItem[] };
  /** One image per call, in the multipart field `schedule`. */
  'POST /api/schedule-images': { body: Record<string, never>; files: 'schedule'; response: ScheduleImageItem };
  'DELETE /api/schedule-images/:id': { response: MessageResponse };

  /** One entry per conversation of the caller, newest first, with unread counts. */
  'GET /api/messages/recent': { response: ConversationSummary[] };
  /** The thread with a user, a page oldest first (?before={messageId} for older, ?after={messageId} for newer: catching up). */
  'GET /api/messages/:userId': { response: ThreadPage };
  /** Multipart (or JSON without files): toUserId, content, clientKey, repeated attachments. */
  'POST /api/messages': { body: DirectMessageInput; files: 'attachments'; response: DirectMessage };
  'POST /api/messages/:userId/mark-read': { response: MessageResponse };
  /** Removes the conversation for the caller only. */
  'DELETE /api/messages/conversation/:userId': { response: MessageResponse };
  /** Crew of the caller's group, the caller excluded (?search= filters). */
  'GET /api/crew-members': { response: CrewMember[] };

  /** A page of the caller's room of that chat type, oldest first (?before={messageId} for older, ?after={messageId} for newer). */
  'GET /api/base-chat/:chatType': { response: ChatPage };
  /** Multipart (or JSON without files): content, chatType, clientKey, repeated photos. */
  'POST /api/base-chat': { body: ChatInput; files: 'photos'; response: ChatMessage };
  'DELETE /api/base-chat/:id': { response: MessageResponse };

  /** Files a support request (every admin gets a bell entry, live). */
  'POST /api/support-requests': { body: SupportRequestInput; response: SupportRequestItem };
  /** The caller's own support requests with any response, newest first (ours: the filer sees the answer). */
  'GET /api/support-requests': { response: SupportRequestItem[] };

  // Administration: every route answers 403 to a signed-in non-admin.
  /** Every account, newest first (the first page says how many in X-Total-Count). */
  'GET /api/admin/users': { response: AdminUserItem[] };
  /** Removes the account and all its data and files; never the protected owner, never oneself. */
  'DELETE /api/admin/users/:id': { response: MessageResponse };
  /** Every support request with its user, newest first (X-Total-Count and X-Resolved-Count on the first page). */
  'GET /api/admin/support-requests': { response: SupportRequestItem[] };
  /** Resolves the request with the (trimmed) response and e-mails the user. */
  'POST /api/admin/support-requests/:id/respond': { body: SupportResponseBody; response: SupportRequestItem };
  /** Admin actions, newest first (X-Total-Count on the first page). */
  'GET /api/admin/logs': { response: AdminLogItem[] };
  'GET /api/admin/user-activity': { response: UserActivityReport };
  /** Insights: requests, matches, trades and support per week over the last 12, and active requests by base and position (docs/decisions/0044). */
  'GET /api/admin/insights': { response: InsightsReport };
  'GET /api/admin/email-templates': { response: EmailTemplateItem[] };
  /** :templateType is one of EMAIL_TEMPLATE_TYPES (a name, not a number: call with a cast). */
  'PUT /api/admin/email-templates/:templateType': { body: EmailTemplateBody; response: EmailTemplateItem };
  /** The caller's admin bell: unread first, newest first. */
  'GET /api/admin/notifications': { response: AdminNotificationItem[] };
  'POST /api/admin/notifications/:id/mark-read': { response: MessageResponse };

  // Calendar feed (docs/decisions/0013): the caller's private iCalendar address.
  'GET /api/calendar-feed': { response: CalendarFeedInfo };
  /** Creates the address, or replaces it (the old one stops working). */
  'POST /api/calendar-feed': { response: CalendarFeedInfo };
  /** Revokes it. */
  'DELETE /api/calendar-feed': { response: MessageResponse };

  // Push notifications (docs/decisions/0013): this device's subscription; every device of the caller for the test.
  'GET /api/push': { response: PushInfo };
  /** Turns push on for the browser that sends it (or moves its address to the caller). */
  'POST /api/push/subscriptions': { body: PushSubscriptionBody; response: MessageResponse };
  'POST /api/push/subscriptions/remove': { body: PushUnsubscribeBody; response: MessageResponse };
  'POST /api/push/test': { response: PushTestResult };

  // The crew member's roster (docs/decisions/0023): only its owner reads it.
  /** The duties of the coming 90 days, the subscription's shortened address, and the airline's limits. */
  'GET /api/roster': { response: RosterInfo };
  /** Replaces the roster: multipart with the .ics in `file`, or JSON {url} for a subscription read every 30 minutes. */
  'POST /api/roster': { body: RosterUrlBody; files: 'file'; response: RosterSaved };
  'DELETE /api/roster': { response: MessageResponse };
  /** ?date=YYYY-MM-DD&days=N (&start=HH:MM&end=HH:MM): the rules flying that trip would break. */
  'GET /api/roster/check': { response: RosterCheck };
  /** One event's kind (its whole series) set by hand, or back to automatic with kind null; answers the roster as GET does. */
  'PUT /api/roster/kinds': { body: RosterKindRequest; response: RosterInfo };
  /** Every airline's roster limits (the defaults where an admin set none). */
  'GET /api/admin/roster-rules': { response: AirlineRosterRules[] };
  /** :airline is one of AIRLINES (a name, not a number: call with a cast). */
  'PUT /api/admin/roster-rules/:airline': { body: RosterLimitsBody; response: AirlineRosterRules };
}

/** Every route of the map as a value, for the test that holds the map to the server. */
export const ENDPOINT_ROUTES: Record<keyof Endpoints, true> = {
  'GET /api/auth/user': true,
  'POST /api/register': true,
  'POST /api/login': true,
  'POST /api/logout': true,
  'POST /api/forgot-password': true,
  'POST /api/reset-password': true,
  'PUT /api/profile': true,
  'GET /api/profile/:userId': true,
  'GET /api/dashboard/stats': true,
  'GET /api/requests': true,
  'GET /api/all-trades': true,
  'POST /api/requests': true,
  'PUT /api/requests/:id': true,
  'DELETE /api/requests/:id': true,
  'GET /api/matches': true,
  'PUT /api/matches/:id/status': true,
  'DELETE /api/matches/:id': true,
  'GET /api/chains': true,
  'POST /api/chains/:id/accept': true,
  'POST /api/chains/:id/decline': true,
  'GET /api/chains/completed': true,
  'POST /api/chains/:id/dismiss': true,
  'POST /api/chains/:id/hide': true,
  'GET /api/notifications': true,
  'POST /api/notifications/acknowledge': true,
  'POST /api/trade-requests': true,
  'GET /api/trade-requests': true,
  'GET /api/sent-trade-requests': true,
  'GET /api/user-trades': true,
  'PUT /api/trade-requests/:id': true,
  'POST /api/trade-requests/:id/counter': true,
  'GET /api/trade-requests/:id/thread': true,
  'DELETE /api/trade-requests/:id': true,
  'GET /api/trade-request-notifications': true,
  'POST /api/trade-request-notifications/:id/mark-read': true,
  'GET /api/schedule-images': true,
  'POST /api/schedule-images': true,
  'DELETE /api/schedule-images/:id': true,
  'GET /api/messages/recent': true,
  'GET /api/messages/:userId': true,
  'POST /api/messages': true,
  'POST /api/messages/:userId/mark-read': true,
  'DELETE /api/messages/conversation/:userId': true,
  'GET /api/crew-members': true,
  'GET /api/base-chat/:chatType': true,
  'POST /api/base-chat': true,
  'DELETE /api/base-chat/:id': true,
  'POST /api/support-requests': true,
  'GET /api/support-requests': true,
  'GET /api/admin/users': true,
  'DELETE /api/admin/users/:id': true,
  'GET /api/admin/support-requests': true,
  'POST /api/admin/support-requests/:id/respond': true,
  'GET /api/admin/logs': true,
  'GET /api/admin/user-activity': true,
  'GET /api/admin/insights': true,
  'GET /api/admin/email-templates': true,
  'PUT /api/admin/email-templates/:templateType': true,
  'GET /api/admin/notifications': true,
  'POST /api/admin/notifications/:id/mark-read': true,
  'GET /api/calendar-feed': true,
  'POST /api/calendar-feed': true,
  'DELETE /api/calendar-feed': true,
  'GET /api/push': true,
  'POST /api/push/subscriptions': true,
  'POST /api/push/subscriptions/remove': true,
  'POST /api/push/test': true,
  'GET /api/roster': true,
  'POST /api/roster': true,
  'DELETE /api/roster': true,
  'GET /api/roster/check': true,
  'PUT /api/roster/kinds': true,
  'GET /api/admin/roster-rules': true,
  'PUT /api/admin/roster-rules/:airline': true,
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The routes of one method, as written in the map ('/api/requests/:id'). */
export type RouteOf<M extends HttpMethod> = {
  [K in keyof Endpoints]: K extends `${M} ${infer Route}` ? Route : never;
}[keyof Endpoints];

/** A route as called: each ":name" segment becomes a number ('/api/requests/:id' → `/api/requests/${number}`). */
export type PathOf<Route extends string> = Route extends `${infer Head}:${string}/${infer Tail}`
  ? `${Head}${number}/${PathOf<Tail>}`
  : Route extends `${infer Head}:${string}`
    ? `${Head}${number}`
    : Route;

/** Every path a method may be called with. */
export type ApiPath<M extends HttpMethod> = PathOf<RouteOf<M>>;

/** The map's entry for a called path. */
export type EndpointAt<M extends HttpMethod, P extends string> = Endpoints[{
  [R in RouteOf<M>]: P extends PathOf<R> ? `${M} ${R}` : never;
}[RouteOf<M>] &
  keyof Endpoints];

export type ResponseOf<M extends HttpMethod, P extends string> = EndpointAt<M, P>['response'];

/** The JSON body of a called path; a route that takes files also takes the multipart form. */
export type BodyOf<M extends HttpMethod, P extends string, Form = never> =
  EndpointAt<M, P> extends { body: infer B } ? B | (EndpointAt<M, P> extends { files: string } ? Form : never) : never;
