/**
 * DATE and DATE-TIME values (RFC 5545 3.3.4, 3.3.5) as wall-clock fields, checked: a value that is
 * not a real day or time is null, and its event is skipped by line rather than read as some other
 * day. Which zone the wall time is in is the property's TZID's business (zones.ts).
 */
export interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** A DATE value: a whole day, no time. */
  isDate: boolean;
  /** Written with Z: already UTC. */
  utc: boolean;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function parseWallTime(value: string): WallTime | null {
  // Seconds are required by RFC 5545; some exporters leave them out (T1300Z), and the time is still plain.
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})?(Z)?)?$/i.exec(value.trim());
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const isDate = m[4] === undefined;
  const [hour, minute, second] = isDate ? [0, 0, 0] : [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  return { year, month, day, hour, minute, second: Math.min(second, 59), isDate, utc: !!m[7] };
}

/** The wall time's fields as if they were UTC, in ms: the base every zone's offset is taken from. */
export const wallMs = (w: Pick<WallTime, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'>) =>
  Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);

/** YYYY-MM-DD of a wall time. */
export const wallDay = (w: Pick<WallTime, 'year' | 'month' | 'day'>) =>
  `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;

/** A wall time from ms-as-if-UTC (wallMs's inverse). */
export function wallOf(ms: number, isDate = false): WallTime {
  const d = new Date(ms);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    isDate,
    utc: false,
  };
}

/**
 * A DURATION value (RFC 5545 3.3.6) in ms: P1D, PT8H30M, -PT15M, P1W. Days count as 24 hours here:
 * a roster duty's length across a clock change is off by that hour at most, and only in its end.
 */
export function parseDuration(raw: string): number | null {
  // "PT1W" and "PT1D" (weeks and days after the T) are wrong but plain; read as P1W and P1D.
  const value = raw.trim().replace(/^([+-]?P)T(?=\d+[WD])/i, '$1');
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/i.exec(value.trim());
  if (!m || value.length <= 2) return null;
  const [w, d, h, min, s] = [m[2], m[3], m[4], m[5], m[6]].map((x) => Number(x ?? 0));
  const ms = ((((w! * 7 + d!) * 24 + h!) * 60 + min!) * 60 + s!) * 1000;
  return m[1] === '-' ? -ms : ms;
}
