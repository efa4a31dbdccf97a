// What Administrator Settings shows for the stored values (docs/product-spec.md section 2): labels, badge colours,
// the details and metadata texts, dates, and the template preview's sample values.
import { format } from 'date-fns';
import type { ActivityType, AdminAction, EmailTemplateType, Position } from '#protocol/enums.ts';
import { renderTemplate } from '#protocol/templates.ts';
import { POSITION_LABELS } from '../../lib/format.ts';

/** "first_officer" → "First Officer": underscores to spaces, each word capitalised. */
export const capitalised = (value: string) => value.replace(/_/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());

export const positionLabel = (position: Position | null) => (position ? POSITION_LABELS[position] : '-');

/** Position badges: captain blue, first_officer green, flight_attendant purple. */
export const POSITION_BADGE: Record<Position, string> = {
  captain: 'badge-blue',
  first_officer: 'badge-green',
  flight_attendant: 'badge-purple',
};

/** Action badges: user_deleted red, support_response blue, account_suspended orange. */
export const ACTION_BADGE: Record<AdminAction, string> = {
  user_deleted: 'badge-red',
  support_response: 'badge-blue',
  account_suspended: 'badge-orange',
};

export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  match_created: 'Match Created',
  trade_request_sent: 'Trade Request Sent',
  trade_request_accepted: 'Trade Request Accepted',
  trade_request_declined: 'Trade Request Declined',
  trade_request_closed: 'Trade Request Closed',
  trade_request_countered: 'Trade Request Countered',
  trade_request_accepted_by_rule: 'Trade Request Accepted by Standing Rule',
  email_sent: 'Email Notification',
};

export const activityLabel = (type: string) => ACTIVITY_LABELS[type as ActivityType] ?? capitalised(type);

export const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

const RESPONSE_SHOWN = 80;

const parseObject = (text: string | null): Record<string, unknown> | null => {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

/**
 * The Details cell of System Activity: "Support Request #{id}" for support_response, "Account
 * permanently deleted" for user_deleted, then "Response: {text}" (truncated) when there is one.
 * Details that are not a JSON object show as a dash.
 */
export function logDetails(action: string, details: string | null): string[] {
  const parsed = parseObject(details);
  if (!parsed) return ['-'];
  const lines: string[] = [];
  if (action === 'support_response' && parsed.supportRequestId !== undefined)
    lines.push(`Support Request #${String(parsed.supportRequestId)}`);
  if (action === 'user_deleted') lines.push('Account permanently deleted');
  if (typeof parsed.response === 'string' && parsed.response) lines.push(`Response: ${truncate(parsed.response, RESPONSE_SHOWN)}`);
  return lines.length ? lines : ['-'];
}

/**
 * An activity entry's metadata: "Notifications: Enabled/Disabled" when it has notificationsEnabled,
 * otherwise its first two "key: value" pairs; text that is not a JSON object shows raw.
 */
export function metadataText(metadata: string | null): string | null {
  if (metadata === null || metadata.trim() === '') return null;
  const parsed = parseObject(metadata);
  if (!parsed) return metadata;
  if ('notificationsEnabled' in parsed) return `Notifications: ${parsed.notificationsEnabled ? 'Enabled' : 'Disabled'}`;
  const pairs = Object.entries(parsed)
    .slice(0, 2)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
  return pairs.length ? pairs.join(', ') : null;
}

const valid = (d: Date) => !Number.isNaN(d.getTime());

/** "2025-01-01" → "Jan 2025". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(y ?? Number.NaN, (m ?? 1) - 1, 1);
  return valid(d) ? format(d, 'MMM yyyy') : month;
}

/** "Jan 5, 2025 at 3:04 PM", as the spec writes a date with its time (Support: Submitted; System Activity: Date & Time). */
export const dateAtTime = (iso: string) => (valid(new Date(iso)) ? format(new Date(iso), "MMM d, yyyy 'at' h:mm a") : iso);
/** "Jan 5, 2025" (Users: Joined). */
export const joinedOn = (iso: string) => (valid(new Date(iso)) ? format(new Date(iso), 'MMM d, yyyy') : iso);
/** "Jan 5, 3:04 PM" (Recent Activity). */
export const shortDateTime = (iso: string) => (valid(new Date(iso)) ? format(new Date(iso), 'MMM d, h:mm a') : iso);

export const TEMPLATE_DESCRIPTIONS: Record<EmailTemplateType, string> = {
  drop_trade_request: 'When someone wants to give up a shift',
  pickup_trade_request: 'When someone wants to take a shift',
  trade_trade_request: 'When someone wants to swap shifts',
  message_trade_request: 'When someone asks to trade in a message',
  counter_trade_request: 'When someone answers a trade request with a counter-offer',
  standing_rule_accepted: "When a crew member's standing rule accepts a trade for them",
  match_notification: 'When the system finds compatible requests',
  chain_notification: 'When three crew can trade in a circle',
};

/** The preview's stand-ins for every variable a template may use (docs/product-spec.md section 2). */
export const SAMPLE_VALUES: Record<string, string> = {
  recipientName: 'Jordan Smith',
  senderName: 'Alex Rivera',
  route: 'ATL 1234',
  date: 'Jan 15, 2025',
  base: 'ATL',
  position: 'Flight Attendant',
  employeeNumber: '123456',
  summary: 'Alex Rivera wants to pick up your ATL 1234 (Jan 15) and offers their ATL 5678 in exchange',
  youGet: 'Alex Rivera offers you their ATL 5678',
  youGive: 'You give Alex Rivera your ATL 1234 (Jan 15)',
  yourTrip: 'ATL 1234 (Jan 15)',
  offeredTrip: 'ATL 5678',
  message: 'I can fly it if you take mine.',
  matchedUserName: 'Alex Rivera',
  userAction: 'drop',
  userRoute: 'ATL 1234',
  userDate: 'Jan 15, 2025',
  matchedAction: 'pick up',
  matchedRoute: 'ATL 5678',
  matchedDate: 'Jan 15, 2025',
  matchedBase: 'ATL',
  matchedPosition: 'Flight Attendant',
  matchedEmployeeNumber: '654321',
  yourRoute: 'ATL 1234',
  yourDates: 'Jan 15, 2025',
  receiverName: 'Alex Rivera',
  giverName: 'Sam Lee',
  giverRoute: 'ATL 9012',
  giverDates: 'Jan 18, 2025',
};

/** The template with the sample values in place of its variables (escaped in HTML), as the mail renders it. */
export const fillTemplate = (template: string, html: boolean) => renderTemplate(template, SAMPLE_VALUES, html);
