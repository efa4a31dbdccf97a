import ical from 'ical-generator';

/** Request types as the events' titles read them. */
const REQUEST_TYPE_LABELS_TEXT: Record<string, string> = { drop: 'Drop', pickup: 'Pick up', trade: 'Trade' };

/**
 * A YYYY-MM-DD date as midnight UTC: ical-generator writes an all-day date from the UTC fields, so
 * the day is the stored one whatever the server's time zone (calendar.test.ts runs it in several).
 */
const dayOf = (date: string) => {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
};
const named = (u: { firstName: string | null; lastName: string | null }) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || 'a colleague';
const what = (routeType: string | null, route: string | null, reserve: string | null) =>
  routeType === 'reserve_period' || (!route && reserve) ? `reserve ${reserve ?? ''}`.trim() : `pairing ${route ?? ''}`.trim();

export interface FeedContent {
  /** One row a date of a request. */
  requests: { id: number; type: string; routeType: string; route: string | null; reservePeriod: string | null; date: string }[];
  matches: {
    id: number;
    date: string;
    otherType: string;
    otherRoute: string | null;
    otherReservePeriod: string | null;
    firstName: string | null;
    lastName: string | null;
  }[];
  trades: {
    id: number;
    /** The day traded. */
    date: string;
    offerRoute: string | null;
    offerReservePeriod: string | null;
    firstName: string | null;
    lastName: string | null;
  }[];
  /** Three-way chains, each with the trip the user gets in it and whose it is. */
  chains: {
    id: number;
    status: string;
    date: string;
    routeType: string;
    route: string | null;
    reservePeriod: string | null;
    firstName: string | null;
    lastName: string | null;
  }[];
}

/**
 * The user's feed (RFC 5545, written by ical-generator): an all-day event for each date of each
 * active request, each pending match, each completed trade and each open or completed three-way
 * chain (on the date of the trip the user gets), with a link back to the screen. What `content`
 * holds is already the feed's window and bound (calendar.service.ts).
 * UIDs are built from ids and dates, so they are the same at every fetch and calendars update
 * events in place instead of duplicating them.
 */
export function buildFeed(content: FeedContent, origin: string): string {
  const cal = ical({ name: 'Crewtrade', prodId: { company: 'Crewtrade', product: 'Crewtrade', language: 'EN' }, ttl: 60 * 30 });
  for (const r of content.requests) {
    cal.createEvent({
      id: `request-${r.id}-${r.date}@crewtrade`,
      start: dayOf(r.date),
      allDay: true,
      summary: `${REQUEST_TYPE_LABELS_TEXT[r.type] ?? r.type}: ${what(r.routeType, r.route, r.reservePeriod)}`,
      description: 'Your request on the Crewtrade tradeboard.',
      url: `${origin}/all-trades`,
    });
  }
  for (const m of content.matches) {
    cal.createEvent({
      id: `match-${m.id}@crewtrade`,
      start: dayOf(m.date),
      allDay: true,
      summary: `Match with ${named(m)}: ${REQUEST_TYPE_LABELS_TEXT[m.otherType] ?? m.otherType} ${what(null, m.otherRoute, m.otherReservePeriod)}`,
      description: 'A match waiting for you on Crewtrade.',
      url: `${origin}/matches`,
    });
  }
  for (const t of content.trades) {
    cal.createEvent({
      id: `trade-${t.id}@crewtrade`,
      start: dayOf(t.date),
      allDay: true,
      summary: `Trade completed with ${named(t)}`,
      description:
        t.offerRoute || t.offerReservePeriod ? `Traded: ${t.offerRoute ?? t.offerReservePeriod}` : 'A completed trade on Crewtrade.',
      url: `${origin}/trades?tab=approved`,
    });
  }
  for (const c of content.chains) {
    const done = c.status === 'completed';
    cal.createEvent({
      // One UID per chain: a proposal that completes is the same event, updated in place.
      id: `chain-${c.id}@crewtrade`,
      start: dayOf(c.date),
      allDay: true,
      summary: `Three-way trade ${done ? 'completed' : 'proposed'}: ${named(c)}’s ${what(c.routeType, c.route, c.reservePeriod)}`,
      description: done
        ? 'The trip you took in a three-way trade on Crewtrade.'
        : 'A three-way trade waiting for your answer on Crewtrade.',
      url: `${origin}/matches`,
    });
  }
  return cal.toString();
}
