// Response shapes of docs/product-spec.md section 3 "Shapes seen by the client" (camelCase, nested users).
import type {
  ActivityType,
  AdminAction,
  AircraftType,
  Airline,
  ChainDecision,
  ChainStatus,
  ChatType,
  EmailTemplateType,
  MatchCloseReason,
  MatchStatus,
  OfferCloseReason,
  OfferStatus,
  Position,
  RequestStatus,
  RequestType,
  RouteType,
  SupportCategory,
  SupportPriority,
  SupportStatus,
} from './enums.ts';

export interface CurrentUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  employeeNumber: string | null;
  base: string | null;
  airline: Airline | null;
  position: Position | null;
  aircraftType: AircraftType | null;
  emailNotifications: boolean;
  profileImageUrl: string | null;
  isAdmin: boolean;
  isProtected: boolean;
  createdAt: string;
  /** The zone "today" is decided in: the base's (airport table), else timeZoneChoice, else UTC. */
  timeZone: string;
  /** The base's zone from the airport table; null when the table does not know the base. */
  baseTimeZone: string | null;
  /** The crew member's own pick, used only where baseTimeZone is null. */
  timeZoneChoice: string | null;
}

/** The user summary nested in requests, matches and profiles. */
export interface UserSummary {
  id: number;
  firstName: string | null;
  lastName: string | null;
  employeeNumber: string | null;
  airline: Airline | null;
  position: Position | null;
  profileImageUrl: string | null;
}

export interface ImageRef {
  id: number;
  filename: string;
  originalName: string;
  mimeType: string;
}

export interface TradeRequestItem {
  id: number;
  userId: number;
  type: RequestType;
  date: string;
  additionalDates: string[];
  desiredDates: string[];
  routeType: RouteType;
  route: string | null;
  reservePeriod: string | null;
  tripDays: number | null;
  aircraftType: AircraftType | null;
  notes: string | null;
  status: RequestStatus;
  createdAt: string;
  updatedAt: string;
  tripImages: ImageRef[];
  user: UserSummary;
  /**
   * The owner's standing rule ("Accept automatically", docs/decisions/0045): present only in the
   * owner's own copies (their list, a create's or an edit's answer), never on the shared board.
   */
  autoAccept?: boolean;
}

export interface MatchItem {
  id: number;
  status: MatchStatus;
  /** Why the system closed it (status closed), else null: its reader's sentence is matchClosedSentence. */
  closedReason: MatchCloseReason | null;
  /** The request whose fill or edit closed it, else null. */
  closedByRequestId: number | null;
  request: TradeRequestItem;
  matchedRequest: TradeRequestItem;
  createdAt: string;
}

/**
 * One crew member of a three-way trade chain: their trade request, which goes to the next member
 * (the last member's to the first), and their answer so far. `request` is null once the member
 * deleted it (the chain is cancelled then).
 */
export interface ChainMember {
  user: UserSummary;
  request: TradeRequestItem | null;
  decision: ChainDecision;
}

/** A three-way trade chain: members in cycle order, each giving their request to the next. */
export interface ChainItem {
  id: number;
  status: ChainStatus;
  members: ChainMember[];
  createdAt: string;
  updatedAt: string;
}

export interface MatchNotification {
  type: 'match';
  matchId: number;
  title: string;
  message: string;
  createdAt: string;
}

export interface DashboardStats {
  activeRequests: number;
  pendingMatches: number;
  pendingTrades: number;
  /**
   * What the Trades screen's Completed tab lists as trades: accepted and declined offers (docs/product-spec.md
   * section 4 counts them together) and completed three-way chains, less those the user removed.
   * Messages asking to trade are no trades and count nowhere (docs/decisions/0025).
   */
  completedTrades: number;
  /** Of those, the trades done: accepted offers and completed chains (one each). */
  acceptedTrades: number;
  /** Of those, the declined offers. */
  declinedTrades: number;
  unacknowledgedNotifications: number;
  unreadMessages: number;
}

export interface ProfileView {
  id: number;
  firstName: string | null;
  lastName: string | null;
  name: string;
  employeeNumber: string | null;
  airline: Airline | null;
  position: Position | null;
  base: string | null;
  aircraftType: AircraftType | null;
  profileImageUrl: string | null;
  scheduleImages: { id: number; filename: string; originalName: string; uploadedAt: string }[];
}

/**
 * A trade offer (spec: TradeRequest). `request` is the target request (the recipient's), null for
 * an offer sent from a crew profile or when the request was deleted since. `senderRequest` is the
 * sender's own request the offer came from (set when it was sent on a match), else null. A
 * counter-offer (counterOfId set) keeps the first offer's two requests: `request` is the owner's
 * whoever sends the counter, `senderRequest` the other party's, both completed by an accept.
 * requestType is as the sender chose it; a screen showing a received offer shows shownOfferType().
 */
export interface OfferItem {
  id: number;
  fromUserId: number;
  fromUser: UserSummary;
  toUserId: number;
  toUser: UserSummary;
  requestId: number | null;
  request: TradeRequestItem | null;
  senderRequestId: number | null;
  senderRequest: TradeRequestItem | null;
  tradeDate: string | null;
  offerRoute: string | null;
  offerReservePeriod: string | null;
  offerTripDays: number | null;
  requestType: RequestType;
  message: string | null;
  status: OfferStatus;
  /** Why the system closed it (status closed), else null. */
  closedReason: OfferCloseReason | null;
  createdAt: string;
  respondedAt: string | null;
  tradeRequestImages: ImageRef[];
  /**
   * The offer this one counters (docs/decisions/0045), else null. A counter is sent by the other
   * party of the offer it counters and names the original sender's trip asked for instead; the
   * request stays the one the first offer was made on.
   */
  counterOfId: number | null;
  /** The first offer of its thread of counters (its own id when it counters nothing). */
  threadId: number;
  /** Accepted by the request owner's standing rule, not by hand. */
  acceptedByRule: boolean;
  /**
   * Why the recipient's standing rule left it pending for them to decide (a roster conflict, not
   * what the request asks). Only ever shown to the recipient: null in every other reader's copy.
   */
  ruleNote: string | null;
}

/**
 * A bell entry for an offer (trade_request_notifications). type: trade_request (an offer received),
 * trade_response (an answer to one the user sent). title and message are ready to show.
 */
export interface OfferNotificationItem {
  id: number;
  tradeRequestId: number;
  type: 'trade_request' | 'trade_response';
  isRead: boolean;
  title: string;
  message: string;
  createdAt: string;
}

export interface ScheduleImageItem {
  id: number;
  filename: string;
  originalName: string;
  mimeType: string;
  uploadedAt: string;
}

/** The sender or recipient summary on a direct message. */
export interface MessageUser {
  id: number;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  employeeNumber: string | null;
}

export interface AttachmentRef {
  id: number;
  filename: string;
  originalName: string;
}

/** clientKey: the key the sender's client generated for it (null for others' messages). */
export interface DirectMessage {
  id: number;
  fromUserId: number;
  toUserId: number;
  fromUser: MessageUser;
  toUser: MessageUser;
  content: string;
  isRead: boolean;
  createdAt: string;
  attachments: AttachmentRef[];
  clientKey: string | null;
}

/** GET /api/messages/recent: one entry per conversation, newest first. */
export interface ConversationSummary {
  /** The other person. */
  user: MessageUser;
  lastMessage: DirectMessage;
  /** Messages from the other person the caller has not read. */
  unreadCount: number;
}

/**
 * GET /api/messages/{userId}: a page of the thread, oldest first; `before` pages further back,
 * `after` forward (X-Next-Cursor continues in the same direction).
 */
export interface ThreadPage {
  user: MessageUser;
  messages: DirectMessage[];
  /**
   * Pass as ?before= to get the page before this one; null when this page reaches the start. On a
   * page read ?after= an id, its first message (what precedes it, the client holds).
   */
  nextBefore: number | null;
}

export interface ChatMessage {
  id: number;
  userId: number;
  chatType: ChatType;
  content: string;
  attachments: AttachmentRef[];
  createdAt: string;
  user: { firstName: string | null; lastName: string | null; profileImageUrl: string | null; employeeNumber: string | null };
  clientKey: string | null;
}

/** GET /api/base-chat/{chatType}: a page of the room, oldest first. */
export interface ChatPage {
  messages: ChatMessage[];
  nextBefore: number | null;
}

export interface CrewMember {
  id: number;
  firstName: string | null;
  lastName: string | null;
  employeeNumber: string | null;
  airline: Airline | null;
  position: Position | null;
  profileImageUrl: string | null;
}

export interface ErrorBody {
  message: string;
  code?: string;
  field?: string;
}

// Support and administration (docs/product-spec.md sections 3 and 7).

/** Who a support request, log or activity entry names. null: the account was deleted since. */
export interface AdminUserRef {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  airline: Airline | null;
  employeeNumber: string | null;
}

/**
 * A support request: the admin list (GET /api/admin/support-requests, with user) and the filer's
 * own list (GET /api/support-requests, where user is the caller). admin: who responded.
 */
export interface SupportRequestItem {
  id: number;
  user: AdminUserRef | null;
  category: SupportCategory;
  subject: string;
  message: string;
  priority: SupportPriority;
  status: SupportStatus;
  adminResponse: string | null;
  admin: { firstName: string | null; lastName: string | null } | null;
  createdAt: string;
  updatedAt: string;
  resolvedAt: string | null;
}

/** A row of the Users tab (GET /api/admin/users), newest account first. */
export interface AdminUserItem {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  employeeNumber: string | null;
  airline: Airline | null;
  position: Position | null;
  base: string | null;
  aircraftType: string | null;
  isAdmin: boolean;
  /** The protected owner account (OWNER_EMAIL, verified): a Protected badge and no delete button. */
  isProtected: boolean;
  createdAt: string;
}

/** A row of System Activity (GET /api/admin/logs), newest first. details: JSON text as stored. */
export interface AdminLogItem {
  id: number;
  action: AdminAction;
  admin: AdminUserRef | null;
  targetUser: AdminUserRef | null;
  details: string | null;
  createdAt: string;
}

/** One entry of Recent Activity. metadata: JSON text as stored (shown raw when it does not parse). */
export interface ActivityLogItem {
  id: number;
  activityType: ActivityType;
  user: AdminUserRef | null;
  targetUser: AdminUserRef | null;
  referenceId: number | null;
  referenceType: string | null;
  emailType: string | null;
  emailSent: boolean | null;
  emailRecipient: string | null;
  metadata: string | null;
  createdAt: string;
}

/** month: the first day of the month, YYYY-MM-01 (UTC). emailsSent: rows with emailSent true. */
export interface MonthlyActivityStat {
  month: string;
  activityType: ActivityType;
  count: number;
  emailsSent: number;
}
export interface TotalActivityStat {
  activityType: ActivityType;
  count: number;
  emailsSent: number;
}

/** GET /api/admin/user-activity: the newest RECENT_ACTIVITY_MAX entries; stats over every row, counted in SQL. */
export interface UserActivityReport {
  logs: ActivityLogItem[];
  stats: { monthlyStats: MonthlyActivityStat[]; totalStats: TotalActivityStat[] };
}

/**
 * One week of GET /api/admin/insights: Monday 00:00 UTC up to the next Monday (the last week is the
 * current one, so far). Counted in SQL on the server, held there a minute.
 */
export interface InsightsWeek {
  /** The week's Monday (UTC), YYYY-MM-DD. */
  weekStart: string;
  /** Requests created this week (whatever became of them since). */
  requestsPosted: number;
  /** Matches made this week. */
  matchesMade: number;
  /** Of the matches made this week, how many have become a trade (an accepted offer between their two requests) by now. */
  matchesTraded: number;
  /** matchesTraded / matchesMade, 0 to 1; null when no match was made. */
  matchShare: number | null;
  /** Offers accepted this week: one trade each. */
  offersAccepted: number;
  /** Three-way chains completed this week: one trade each, though each writes three trades rows. */
  chainsCompleted: number;
  /** offersAccepted + chainsCompleted. */
  tradesCompleted: number;
  /** Support requests filed this week. */
  supportRequests: number;
  /** Support requests answered this week (filed whenever). */
  supportAnswered: number;
  /** The median time from filing to answer of those answered this week, in seconds; null when none was. */
  medianAnswerSeconds: number | null;
}

/** Active requests (on the board: status active, last date not past at their base) of one base and position, across airlines and aircraft. */
export interface ActiveRequestsCount {
  base: string;
  /** One of POSITIONS, as the group stored it. */
  position: string;
  count: number;
}

/** GET /api/admin/insights: the last 12 weeks, oldest first, and the board's active requests now. */
export interface InsightsReport {
  /** When these figures were counted (ISO); an instance serves them for up to a minute. */
  countedAt: string;
  weeks: InsightsWeek[];
  /** Most first; then by base and position. */
  activeRequests: ActiveRequestsCount[];
}

export interface EmailTemplateItem {
  id: number;
  templateType: EmailTemplateType;
  templateName: string;
  subjectTemplate: string;
  htmlTemplate: string;
  variables: string[];
  createdAt: string;
  updatedAt: string;
}

/** An admin's bell entry (GET /api/admin/notifications: unread first, newest first). */
export interface AdminNotificationItem {
  id: number;
  notificationType: string;
  /** The support request's id for notificationType 'support_request'. */
  referenceId: number | null;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: string;
}

/**
 * The caller's calendar feed (docs/decisions/0013). The token is stored hashed, so the address (`url`) is
 * known only in the answer that creates it; later reads say whether one exists and since when.
 */
export interface CalendarFeedInfo {
  enabled: boolean;
  createdAt: string | null;
  /** Only when just created: `${origin}/api/calendar/${token}.ics`. */
  url?: string;
}
