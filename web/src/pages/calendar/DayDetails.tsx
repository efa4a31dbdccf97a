// One day of My Month, opened (issue 43): its roster entries with their times at the crew member's
// base, their own requests with Edit and Delete (as on the dashboard's My Active Requests), pending
// offers and completed trades, each with the duty it collides with.
import { forwardRef } from 'react';
import { AppLink } from '../../app/AppLink.tsx';
import { offerSentence } from '#protocol/offerText.ts';
import { conflictLine, type RosterDuty } from '#protocol/roster.ts';
import { DUTY_KIND_LABEL, isWorkingKind } from '#protocol/roster-kinds.ts';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { OwnRequestActions } from '../../components/OwnRequestActions.tsx';
import { RuleBadge } from '../../components/RuleBadge.tsx';
import { RouteValue, TypeBadge } from '../../components/RequestCard.tsx';
import { fullName, tripDaysText } from '../../lib/format.ts';
import { CALENDAR_TEXT } from '../../texts/calendar.ts';
import { hasEntries, type DayEntries } from './dayEntries.ts';
import { dutyTimes, longDay } from './month.ts';

interface DayDetailsProps {
  day: string;
  entries: DayEntries;
  isToday: boolean;
  /** The zone the times are read in: the base's. */
  timeZone: string;
  base: string | null;
  myId: number;
  onEdit: (request: TradeRequestItem) => void;
}

const names = (offer: OfferItem) => ({ from: fullName(offer.fromUser), to: fullName(offer.toUser) });

function ConflictNote({ name }: { name: string | null }) {
  return name ? <p className="roster-conflict">{conflictLine(name)}</p> : null;
}

function DutyItem({ duty, timeZone }: { duty: RosterDuty; timeZone: string }) {
  const working = isWorkingKind(duty.kind);
  return (
    <li className={`cal-item${working ? '' : ' is-time-off'}`}>
      <span className="cal-item-head">
        <span className={`badge cal-kind tone-kind-${duty.kind}`}>{DUTY_KIND_LABEL[duty.kind]}</span>
        <span className="cal-item-title">{duty.title}</span>
      </span>
      <span className="cal-item-when">{dutyTimes(duty, timeZone)}</span>
    </li>
  );
}

export const DayDetails = forwardRef<HTMLHeadingElement, DayDetailsProps>(function DayDetails(
  { day, entries, isToday, timeZone, base, myId, onEdit },
  headingRef,
) {
  const headingId = `cal-day-${day}`;
  const timed = entries.duties.some((d) => !d.allDay);
  return (
    <section className="card cal-details" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className="card-title cal-details-title">
        {longDay(day)}
        {isToday && <span className="badge badge-status">{CALENDAR_TEXT.todayMark}</span>}
      </h2>
      {!hasEntries(entries) && <p className="muted">{CALENDAR_TEXT.nothingOnDay}</p>}

      {entries.duties.length > 0 && (
        <div className="cal-group">
          <h3 className="cal-group-title">{CALENDAR_TEXT.rosterHeading}</h3>
          <ul className="cal-items">
            {entries.duties.map((d) => (
              <DutyItem key={`${d.uid}|${d.start}`} duty={d} timeZone={timeZone} />
            ))}
          </ul>
          {timed && <p className="cal-note">{CALENDAR_TEXT.timesAt(base)}</p>}
        </div>
      )}

      {entries.requests.length > 0 && (
        <div className="cal-group">
          <h3 className="cal-group-title">{CALENDAR_TEXT.requestsHeading}</h3>
          <ul className="cal-items">
            {entries.requests.map(({ request, conflict }) => (
              <li key={request.id} className="cal-item">
                <span className="cal-item-head">
                  <TypeBadge type={request.type} />
                  <RuleBadge request={request} />
                  <span className="cal-item-title">
                    <RouteValue request={request} />
                  </span>
                  <span className="cal-item-when">{tripDaysText(request.tripDays)}</span>
                </span>
                <ConflictNote name={conflict} />
                <span className="cal-item-actions">
                  <OwnRequestActions request={request} onEdit={onEdit} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {entries.offers.length > 0 && (
        <div className="cal-group">
          <h3 className="cal-group-title">{CALENDAR_TEXT.offersHeading}</h3>
          <ul className="cal-items">
            {entries.offers.map(({ offer, side, conflict }) => (
              <li key={offer.id} className="cal-item">
                <span className="cal-item-head">
                  <span className="badge badge-pending">{CALENDAR_TEXT.pending}</span>
                </span>
                <span className="cal-item-text">{offerSentence(offer, side, names(offer))}</span>
                <ConflictNote name={conflict} />
                <AppLink to={`/trades?tab=${side === 'received' ? 'requests' : 'pending'}`} className="text-link cal-item-link">
                  {CALENDAR_TEXT.openInTrades}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      )}

      {entries.trades.length > 0 && (
        <div className="cal-group">
          <h3 className="cal-group-title">{CALENDAR_TEXT.tradesHeading}</h3>
          <ul className="cal-items">
            {entries.trades.map((offer) => (
              <li key={offer.id} className="cal-item">
                <span className="cal-item-head">
                  <span className="badge badge-completed">{CALENDAR_TEXT.completed}</span>
                </span>
                <span className="cal-item-text">{offerSentence(offer, offer.toUserId === myId ? 'received' : 'sent', names(offer))}</span>
                <AppLink to="/trades?tab=approved" className="text-link cal-item-link">
                  {CALENDAR_TEXT.openInTrades}
                </AppLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
});
