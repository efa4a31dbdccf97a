import { z } from 'zod';
import { DATE_MAX, DATE_MIN, ID_MAX, ID_MIN } from '../limits.ts';
import { MESSAGING_MSG } from '../messages/messaging.ts';
import { REQUESTS_MSG } from '../messages/requests.ts';

/**
 * Characters no one types into a name or number: C0/C1 controls (tab and line breaks included),
 * line and paragraph separators, and the bidirectional overrides that make a name read as
 * another. Joiners stay: some scripts spell names with them.
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** Length as PostgreSQL's varchar counts it: code points, not UTF-16 units. */
export const charCount = (v: string) => [...v].length;

/** A required one-line text stored in a varchar(max) column, trimmed, with a message for each rule. */
export function lineField(max: number, messages: { required: string; tooLong: string; control: string }) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .refine((v) => charCount(v) <= max, messages.tooLong)
    .refine((v) => !CONTROL_CHARACTERS.test(v), messages.control);
}

/**
 * The key a client generates for each create it may retry (a UUID is typical): a message, a
 * request, an offer. A create retried after a dropped connection is stored once: the server
 * answers a repeated key with what it already stored.
 */
export const clientKeyField = z
  .string({ error: MESSAGING_MSG.clientKeyInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, MESSAGING_MSG.clientKeyInvalid)
  .optional();

/**
 * A row's id in a body: a JSON number, or digits as text (multipart sends text), within the
 * database's int4 serial (ID_MIN..ID_MAX). Anything else (2^31, -1, 1.5, "NaN", true) is `message`.
 */
export const idField = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).min(ID_MIN, message).max(ID_MAX, message),
  );

/** Whether `raw` is a route parameter or cursor naming an id the database could hold. */
export const isIdText = (raw: string): boolean => /^\d{1,10}$/.test(raw) && Number(raw) >= ID_MIN && Number(raw) <= ID_MAX;

/** A calendar day as YYYY-MM-DD that exists (no 2026-02-30), within DATE_MIN..DATE_MAX. */
export const isoDate = z
  .string({ error: REQUESTS_MSG.dateRequired })
  .trim()
  .min(1, REQUESTS_MSG.dateRequired)
  .regex(/^\d{4}-\d{2}-\d{2}$/, REQUESTS_MSG.dateRequired)
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    REQUESTS_MSG.dateRequired,
  )
  .refine((s) => s >= DATE_MIN && s <= DATE_MAX, REQUESTS_MSG.dateOutOfRange);
