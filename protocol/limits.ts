// Business constants of docs/product-spec.md section 9.
/** Ids are PostgreSQL serials (int4): 1 to 2^31 - 1. Anything else names nothing, and never reaches a query. */
export const ID_MIN = 1;
export const ID_MAX = 2_147_483_647;
/**
 * The dates a request, an offer or any other date field may carry (docs/decisions/0019): wide
 * enough for any roster, narrow enough that every date is a real calendar day PostgreSQL and
 * date-fns agree on, and a year typed with a slip (0202, 20266) is refused, not stored.
 */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';
export const MAX_IMAGES = 6;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const TRIP_DAYS_FORM_MAX = 14;
export const TRIP_DAYS_STORED_MAX = 30;
export const PASSWORD_MIN = 8;
/** Long enough for any passphrase; argon2 hashes it in bounded time. */
export const PASSWORD_MAX = 256;
/** RFC 5321's longest forward path less its brackets; the column holds 255. */
export const EMAIL_MAX = 254;
// The lengths of the users columns these fields are stored in.
export const NAME_MAX = 100;
export const EMPLOYEE_NUMBER_MAX = 50;
export const BASE_MAX = 10;
export const SUPPORT_SUBJECT_MAX = 200;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;
export const DASHBOARD_RECENT = 3;
export const BELL_PER_SECTION = 3;
export const BELL_VIEW_ALL_ABOVE = 5;
export const TOAST_DURATION_MS = 5000;
export const ONBOARDING_RELOAD_MS = 500;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const VERIFY_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Image types accepted after sniffing the bytes (never the name or header). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/heic', 'image/heif'] as const;
/** A direct or chat message's text, in characters. */
export const MESSAGE_MAX = 5000;
/** A page of a thread or a chat room's history. */
export const MESSAGE_PAGE = 50;
/** The text box of base chat grows between these heights (px). */
export const CHAT_BOX_MIN_PX = 40;
export const CHAT_BOX_MAX_PX = 120;
/** An admin's answer to a support request, in characters. */
export const SUPPORT_RESPONSE_MAX = 5000;
export const TEMPLATE_NAME_MAX = 255;
export const TEMPLATE_SUBJECT_MAX = 500;
export const TEMPLATE_HTML_MAX = 100_000;
/** The User Activity tab's Recent Activity list (docs/product-spec.md section 9). */
export const RECENT_ACTIVITY_MAX = 50;
/** The template list shows this many variable badges before "+N more". */
export const TEMPLATE_VARIABLE_BADGES = 3;

// Per-account caps and quotas (docs/decisions/0019): what one account may hold at once.
/** Requests still on the board (active, last date today or later) per crew member. */
export const MAX_ACTIVE_REQUESTS = 50;
/** Schedule screenshots per account. */
export const MAX_SCHEDULE_IMAGES = 30;
/** Devices with push on per account; subscribing an eleventh drops the one subscribed longest ago. */
export const MAX_PUSH_DEVICES = 10;

/** A push service's address for one browser (they run to about 500 characters today). */
export const PUSH_ENDPOINT_MAX = 2048;
/** GET /api/chains: every open chain of the user, then the newest ended ones, this many in all. */
export const CHAINS_LISTED = 30;

// The calendar feed (docs/decisions/0041): a window of days and a bounded number of events.
/** The feed covers the crew member's today (at their base) and this many days after it. */
export const FEED_WINDOW_DAYS = 90;
/** At most this many events a feed: the newest trades, chains and matches, the soonest request dates. */
export const FEED_MAX_EVENTS = 300;

/** Counter-offers in one thread at most (docs/decisions/0045): a thread's list stays short, and a haggle that long goes to Messages. */
export const COUNTERS_PER_THREAD_MAX = 10;
