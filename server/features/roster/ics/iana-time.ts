// IANA zone arithmetic on Intl alone: what the server's main thread needs of the roster reader's
// zones (zoned-time.ts), without ical.js and the Windows names, which only the reader's worker loads.

const ianaCache = new Map<string, Intl.DateTimeFormat | null>();
/** A formatter for an IANA zone, or null when the name is not one; kept per name (a roster uses a few) for the thread's life. */
function formatterOf(name: string): Intl.DateTimeFormat | null {
  let f = ianaCache.get(name);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone: name,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      f = null;
    }
    // A file may name thousands of zones: the cache is emptied when full rather than kept full of
    // one file's names, which would leave every later roster's zones to be built at each instant.
    if (ianaCache.size >= 500) ianaCache.clear();
    ianaCache.set(name, f);
  }
  return f;
}
export const isIana = (name: string) => name.length > 0 && name.length <= 64 && formatterOf(name) !== null;

/** Wall-clock fields of an instant in an IANA zone, as ms-as-if-UTC. */
export function ianaWall(instant: number, name: string): number {
  const parts = formatterOf(name)!.formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
}

/** The instant whose wall clock in `name` reads `asUtc` (ms-as-if-UTC): twice corrected, for the hours around a clock change. */
export function ianaInstant(asUtc: number, name: string): number {
  let t = asUtc - (ianaWall(asUtc, name) - asUtc);
  t = asUtc - (ianaWall(t, name) - t);
  return t;
}
