// A timed duty's times as read at the crew member's base (docs/decisions/0040): one way of writing
// them for the roster card and My Month, so one duty never shows two different times.

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' });
    }
    formats.set(key, f);
  }
  return f;
}
// Newer ICU writes a narrow no-break space before AM/PM: the app writes a plain one (lib/dates.ts).
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/**
 * "Thu, Dec 10, 8:00 AM – 2:00 PM EST" at `timeZone`, with the end's day when it ends on a later
 * day there; an end at midnight belongs to the day before (as the rules count it).
 */
export function timedDutyText(startIso: string, endIso: string, timeZone: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime())) return '';
  const day = formatIn(timeZone, { weekday: 'short', month: 'short', day: 'numeric' });
  const time = formatIn(timeZone, { hour: 'numeric', minute: '2-digit' });
  const zone = formatIn(timeZone, { timeZoneName: 'short' })
    .formatToParts(start)
    .find((p) => p.type === 'timeZoneName')?.value;
  const startText = `${day.format(start)}, ${plain(time.format(start))}`;
  if (Number.isNaN(end.getTime()) || end <= start) return zone ? `${startText} ${zone}` : startText;
  const lastInstant = new Date(end.getTime() - 1);
  const sameDay = day.format(lastInstant) === day.format(start);
  const endText = sameDay ? plain(time.format(end)) : `${day.format(end)}, ${plain(time.format(end))}`;
  return `${startText} – ${endText}${zone ? ` ${zone}` : ''}`;
}
