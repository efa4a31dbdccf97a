import { z } from 'zod';
import { MSG } from '../messages.ts';

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
  .string({ error: MSG.clientKeyInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, MSG.clientKeyInvalid)
  .optional();
