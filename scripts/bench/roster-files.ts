// The roster files the bench uploads: the repository's airline and calendar exports
// (server/features/roster/fixtures/rosters, docs/decisions/0040), each moved in whole weeks so that
// it starts this week whatever today is, and wrapped as a browser posts them.
import fs from 'node:fs';

const FOLDER = new URL('../../server/features/roster/fixtures/rosters/', import.meta.url);

/**
 * The exports crew upload, in the styles and encodings of real exporters. Left out: the hostile
 * files (bomb-bysetpos, secondly), which are refused in a few ms and say nothing of a roster's cost.
 */
export const ROSTER_FIXTURES = [
  'eurowings-style.ics',
  'saa-style.ics',
  'hk-shift-floating.ics',
  'outlook-windows-zones.ics',
  'outlook-windows-zone-no-vtimezone.ics',
  'custom-vtimezone.ics',
  'recurrence-cases.ics',
  'partly-broken.ics',
  'latin1.ics',
  'cr-only.ics',
  'utf16.ics',
] as const;

const DAY_MS = 86_400_000;

/** Whole weeks that bring `day` (ms) nearest today: weekdays stay, so BYDAY rules keep their meaning. */
export function weeksToToday(day: number, now = Date.now()): number {
  return Math.round((now - day) / (7 * DAY_MS));
}

/** Properties whose dates are an event's own; a VTIMEZONE's are its zone's history and stay. */
const DATED = new Set(['DTSTART', 'DTEND', 'DUE', 'RDATE', 'EXDATE', 'RECURRENCE-ID', 'RRULE', 'EXRULE']);
/** A DATE or the date of a DATE-TIME: after the value's start, a list's comma or UNTIL=, before its time or the next item. */
const DATE_TOKEN = /(?<=[:,=])(\d{4})(\d{2})(\d{2})(?=T\d{6}|[,;/]|$)/g;

/** YYYYMMDD `days` later. */
const later = (y: string, m: string, d: string, days: number) =>
  new Date(Date.UTC(Number(y), Number(m) - 1, Number(d) + days)).toISOString().slice(0, 10).replaceAll('-', '');

/**
 * The events' dates of one calendar's text moved by `days`, each DTSTART's day shown to `seen` as
 * it was. A property may be folded across lines, even inside a date (Lotus does), so each is
 * unfolded, shifted and cut back at the same places: a date keeps its length, so every byte but
 * the dates' digits stays where it was.
 */
function shiftText(text: string, days: number, seen: (day: number) => void = () => undefined): string {
  // Lines and their ends alternate: CRLF, LF and bare CR are each kept as the file has them.
  const parts = text.split(/(\r\n|\n|\r)/);
  let inZone = false;
  for (let i = 0; i < parts.length; i += 2) {
    const line = parts[i]!;
    if (/^BEGIN:VTIMEZONE$/i.test(line)) inZone = true;
    if (/^END:VTIMEZONE$/i.test(line)) inZone = false;
    const name = /^[A-Za-z-]+/.exec(line)?.[0].toUpperCase();
    if (inZone || !name || !DATED.has(name)) continue;
    const pieces = [i];
    for (let j = i + 2; j < parts.length && /^[ \t]/.test(parts[j]!); j += 2) pieces.push(j);
    const unfolded = pieces.map((p, k) => (k === 0 ? parts[p]! : parts[p]!.slice(1))).join('');
    const shifted = unfolded.replace(DATE_TOKEN, (_: string, y: string, m: string, d: string) => {
      if (name === 'DTSTART') seen(Date.UTC(Number(y), Number(m) - 1, Number(d)));
      return later(y, m, d, days);
    });
    let at = 0;
    pieces.forEach((p, k) => {
      const own = k === 0 ? parts[p]!.length : parts[p]!.length - 1;
      parts[p] = (k === 0 ? '' : parts[p]![0]) + shifted.slice(at, at + own);
      at += own;
    });
  }
  return parts.join('');
}

/** Text and back, in the file's own encoding: UTF-16LE with its BOM, else byte for byte. */
function recode(bytes: Buffer, change: (text: string) => string): Buffer {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return Buffer.concat([bytes.subarray(0, 2), Buffer.from(change(bytes.subarray(2).toString('utf16le')), 'utf16le')]);
  }
  // latin1 maps each byte to one character and back: UTF-8 and Windows-1252 files pass through unchanged but for the digits.
  return Buffer.from(change(bytes.toString('latin1')), 'latin1');
}

/** A file's bytes with its events moved by `weeks`. */
export function shiftRoster(bytes: Buffer, weeks: number): Buffer {
  return weeks === 0 ? bytes : recode(bytes, (text) => shiftText(text, weeks * 7));
}

/** The day (ms, UTC) of a file's first event start. */
export function firstEventDay(bytes: Buffer): number {
  let first = Infinity;
  recode(bytes, (text) => shiftText(text, 0, (day) => (first = Math.min(first, day))));
  return first;
}

/**
 * Every fixture of ROSTER_FIXTURES, each moved so that its first event is this week: a crew member
 * uploads the month ahead, and each export covers another stretch of 2026-12 to 2027-03.
 */
export function rosterFiles(now = Date.now()): { name: string; bytes: Buffer }[] {
  return ROSTER_FIXTURES.map((name) => {
    const bytes = fs.readFileSync(new URL(name, FOLDER));
    return { name, bytes: shiftRoster(bytes, weeksToToday(firstEventDay(bytes), now)) };
  });
}

export const MULTIPART_BOUNDARY = '----CrewtradeBenchRoster7MA4YWxkTrZu0gW';

/** A roster upload as a browser's form posts it: the file in field `file` (roster-upload.ts). */
export function multipartOf(file: { name: string; bytes: Buffer }): Buffer {
  const head =
    `--${MULTIPART_BOUNDARY}\r\n` +
    `Content-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
    'Content-Type: text/calendar\r\n\r\n';
  return Buffer.concat([Buffer.from(head), file.bytes, Buffer.from(`\r\n--${MULTIPART_BOUNDARY}--\r\n`)]);
}

export const MULTIPART_TYPE = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`;
