import { z } from 'zod';
import { TRIP_DAYS_STORED_MAX } from '../limits.ts';
import { ROSTER_LIMIT_RANGES, ROSTER_TEXT, ROSTER_URL_MAX } from '../roster.ts';
import { DUTY_KINDS, KIND_PATTERN_MAX, KIND_PATTERNS_MAX } from '../roster-kinds.ts';

const isRealDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** POST /api/roster as JSON: a subscription address (https only; an address with credentials in it is not one). */
export const rosterUrlSchema = z.object({
  url: z
    .string({ error: ROSTER_TEXT.fileOrUrl })
    .trim()
    .max(ROSTER_URL_MAX, ROSTER_TEXT.urlInvalid)
    .superRefine((v, ctx) => {
      const url = URL.canParse(v) ? new URL(v) : undefined;
      if (!url || url.username || url.password) ctx.addIssue({ code: 'custom', message: ROSTER_TEXT.urlInvalid });
      else if (url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: ROSTER_TEXT.urlNotHttps });
    }),
});
export type RosterUrlBody = z.output<typeof rosterUrlSchema>;

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, ROSTER_TEXT.checkTime)
  .optional();

/**
 * GET /api/roster/check: a trip of `days` days from `date`; `start` and `end` (HH:MM in the roster's
 * time zone, report on the first day and release on the last) when its times are known.
 */
export const rosterCheckSchema = z
  .object({
    date: z
      .string({ error: ROSTER_TEXT.checkDate })
      .regex(/^\d{4}-\d{2}-\d{2}$/, ROSTER_TEXT.checkDate)
      .refine(isRealDay, ROSTER_TEXT.checkDate),
    days: z.coerce
      .number({ error: ROSTER_TEXT.checkDays })
      .int(ROSTER_TEXT.checkDays)
      .min(1, ROSTER_TEXT.checkDays)
      .max(TRIP_DAYS_STORED_MAX, ROSTER_TEXT.checkDays)
      .default(1),
    start: time,
    end: time,
  })
  .refine((q) => !q.start === !q.end, { message: ROSTER_TEXT.checkTime, path: ['end'] });
export type RosterCheckQuery = z.output<typeof rosterCheckSchema>;

const kind = z.enum(DUTY_KINDS, { error: ROSTER_TEXT.kindUnknown });

/** PUT /api/roster/kinds: one event (by UID) set to a kind, or back to automatic with null. */
export const rosterKindSchema = z.object({
  uid: z.string({ error: ROSTER_TEXT.kindEventUnknown }).min(1, ROSTER_TEXT.kindEventUnknown).max(300, ROSTER_TEXT.kindEventUnknown),
  kind: kind.nullable(),
});
export type RosterKindRequest = z.output<typeof rosterKindSchema>;

/** An airline's own code for a kind: plain words, never a pattern language (no regex from an admin's hand). */
const kindPattern = z.object(
  {
    pattern: z
      .string({ error: ROSTER_TEXT.patternInvalid })
      .trim()
      .min(1, ROSTER_TEXT.patternInvalid)
      .max(KIND_PATTERN_MAX, ROSTER_TEXT.patternInvalid),
    kind: z.enum(DUTY_KINDS, { error: ROSTER_TEXT.patternInvalid }),
  },
  { error: ROSTER_TEXT.patternInvalid },
);

/** PUT /api/admin/roster-rules/:airline. */
export const rosterLimitsSchema = z.object({
  kindPatterns: z.array(kindPattern, { error: ROSTER_TEXT.patternInvalid }).max(KIND_PATTERNS_MAX, ROSTER_TEXT.patternsTooMany).optional(),
  maxConsecutiveDays: z
    .number({ error: ROSTER_TEXT.limitDays })
    .int(ROSTER_TEXT.limitDays)
    .min(ROSTER_LIMIT_RANGES.maxConsecutiveDays.min, ROSTER_TEXT.limitDays)
    .max(ROSTER_LIMIT_RANGES.maxConsecutiveDays.max, ROSTER_TEXT.limitDays),
  minRestHours: z
    .number({ error: ROSTER_TEXT.limitRest })
    .int(ROSTER_TEXT.limitRest)
    .min(ROSTER_LIMIT_RANGES.minRestHours.min, ROSTER_TEXT.limitRest)
    .max(ROSTER_LIMIT_RANGES.minRestHours.max, ROSTER_TEXT.limitRest),
});
export type RosterLimitsBody = z.output<typeof rosterLimitsSchema>;
