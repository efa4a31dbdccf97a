// My Month (/calendar, issue 43): a month of the crew member's roster (duties by kind, time off
// quietly), their own active requests, pending offers and completed trades, each on its days, with
// what collides with a duty marked (docs/decisions/0023). ?month=YYYY-MM opens a month (today's at the
// base by default); the arrows move by a month and the URL follows. A day opens its details: beside the
// grid on a wide screen, under it on a phone, where the grid draws dots and the month's busy days
// are listed below. Everything comes from the stores the other screens keep (loaded here if no
// screen has yet): the roster, own requests, and the three offer lists.
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { AppLink } from '../app/AppLink.tsx';
import { useSearchParams } from '../hooks/useSearchParams.ts';
import { DATE_MAX, DATE_MIN } from '#protocol/limits.ts';
import { ROSTER_SHOWN_DAYS } from '#protocol/roster.ts';
import { addDays } from '#protocol/roster-rules.ts';
import type { OfferItem, TradeRequestItem } from '#protocol/shapes.ts';
import { Svg } from '../components/Icons.tsx';
import { LazyRequestModal } from '../components/LazyRequestModal.tsx';
import { formatDate, fullName } from '../lib/format.ts';
import { useCrewToday } from '../stores/crewDay.ts';
import { useMyRequestsStore } from '../stores/useMyRequestsStore.ts';
import { useFinishedOffers, useReceivedOffers, useSentOffers } from '../stores/useOffersStore.ts';
import { useRosterStore } from '../stores/useRosterStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { CALENDAR_TEXT } from '../texts/calendar.ts';
import { DayDetails } from './calendar/DayDetails.tsx';
import { EMPTY_DAY, entriesByDay, hasConflict } from './calendar/dayEntries.ts';
import { chipsOf, MonthGrid } from './calendar/MonthGrid.tsx';
import { canShift, firstDayOfWeek, monthBounds, monthOf, monthTitle, shiftMonth, shortDayName } from './calendar/month.ts';
import './calendar/calendar.css';

/** Completed trades come newest answer first, not by day: at most this many more pages are read for a month. */
const FINISHED_PAGES_MAX = 4;

const ChevronLeft = () => (
  <Svg>
    <path d="m15 18-6-6 6-6" />
  </Svg>
);
const ChevronRight = () => (
  <Svg>
    <path d="m9 18 6-6-6-6" />
  </Svg>
);

const LEGEND = [
  ['kind-flight', CALENDAR_TEXT.legendFlight],
  ['kind-reserve', CALENDAR_TEXT.legendReserve],
  ['kind-training', CALENDAR_TEXT.legendTraining],
  ['kind-off', CALENDAR_TEXT.legendOff],
  ['req', CALENDAR_TEXT.legendRequest],
  ['offer', CALENDAR_TEXT.legendOffer],
  ['trade', CALENDAR_TEXT.legendTrade],
] as const;

/** The browser's language, for the week's first day. */
const browserLocale = () => (typeof navigator === 'undefined' ? undefined : (navigator.languages?.[0] ?? navigator.language));

export default function MyMonth() {
  const user = useSessionStore((s) => s.user);
  const today = useCrewToday();
  const [params, setParams] = useSearchParams();
  const month = monthOf(params.get('month'), today);
  const { first, last } = monthBounds(month);
  const weekStart = useMemo(() => firstDayOfWeek(browserLocale()), []);
  const monthId = useId();
  const listId = useId();

  const roster = useRosterStore((s) => s.info);
  const [rosterRead, setRosterRead] = useState(() => useRosterStore.getState().info !== null);
  const requests = useMyRequestsStore((s) => s.items);
  const requestsLoaded = useMyRequestsStore((s) => s.loaded);
  const requestsFailed = useMyRequestsStore((s) => s.error);
  const requestsNext = useMyRequestsStore((s) => s.next);
  const requestsLoadingMore = useMyRequestsStore((s) => s.loadingMore);
  const received = useReceivedOffers((s) => s.items);
  const sent = useSentOffers((s) => s.items);
  const finished = useFinishedOffers((s) => s.items);
  const finishedNext = useFinishedOffers((s) => s.next);
  const finishedLoadingMore = useFinishedOffers((s) => s.loadingMore);
  const receivedLoaded = useReceivedOffers((s) => s.loaded);
  const sentLoaded = useSentOffers((s) => s.loaded);
  const finishedLoaded = useFinishedOffers((s) => s.loaded);

  const [picked, setPicked] = useState<string | null>(null);
  const [editing, setEditing] = useState<TradeRequestItem | null>(null);
  const [moreFailed, setMoreFailed] = useState(false);
  /** Counts openings: opening the day already selected (a click focuses its cell first) still renders, and moves the focus. */
  const [, setOpenings] = useState(0);
  const finishedPages = useRef(0);
  const gridBox = useRef<HTMLDivElement>(null);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  /** What takes the focus once the day is shown: its cell (arrow keys), or its details (opened). */
  const focusNext = useRef<'cell' | 'details' | null>(null);

  useEffect(() => {
    void useRosterStore
      .getState()
      .ensure()
      .finally(() => setRosterRead(true));
    if (!useMyRequestsStore.getState().loaded) void useMyRequestsStore.getState().fetch();
    for (const list of [useReceivedOffers, useSentOffers, useFinishedOffers]) if (!list.getState().loaded) void list.getState().fetch();
  }, []);

  // Own requests come by date, a page at a time: read on until the month is covered.
  useEffect(() => {
    if (!requestsLoaded || requestsNext === null || requestsLoadingMore || moreFailed) return;
    const lastHeld = requests[requests.length - 1]?.date.slice(0, 10);
    if (lastHeld && lastHeld > last) return;
    useMyRequestsStore
      .getState()
      .loadMore()
      .catch(() => setMoreFailed(true));
  }, [requestsLoaded, requestsNext, requestsLoadingMore, requests, last, moreFailed]);

  // Completed trades come newest answer first: a few more pages, for the months further back.
  useEffect(() => {
    if (!finishedLoaded || finishedNext === null || finishedLoadingMore || moreFailed) return;
    const oldest = finished[finished.length - 1]?.respondedAt?.slice(0, 10);
    if ((oldest && oldest < addDays(first, -90)) || finishedPages.current >= FINISHED_PAGES_MAX) return;
    finishedPages.current++;
    useFinishedOffers
      .getState()
      .loadMore()
      .catch(() => setMoreFailed(true));
  }, [finishedLoaded, finishedNext, finishedLoadingMore, finished, first, moreFailed]);

  const days = useMemo(
    () => entriesByDay(first, last, { roster, requests, received, sent, finished }),
    [first, last, roster, requests, received, sent, finished],
  );

  const myId = user?.id ?? 0;
  const other = (offer: OfferItem) => (offer.fromUserId === myId ? offer.toUser : offer.fromUser);
  const otherName = (offer: OfferItem) => fullName(other(offer));
  const otherFirstName = (offer: OfferItem) => other(offer)?.firstName?.trim() || fullName(other(offer));

  const selected = picked && picked.startsWith(month) ? picked : today.startsWith(month) ? today : first;

  // The focus follows a move or an opening once the day chosen is the one shown (a move into another
  // month waits for the router to show that month).
  useLayoutEffect(() => {
    if (!focusNext.current || selected !== picked) return;
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'cell') {
      gridBox.current?.querySelector<HTMLElement>(`[data-day="${selected}"]`)?.focus();
      return;
    }
    const heading = detailsHeading.current;
    if (!heading) return;
    heading.focus({ preventScroll: true });
    const top = heading.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 160) heading.scrollIntoView({ block: 'start' });
  });

  function showMonth(next: string) {
    setParams({ month: next }, { replace: true });
  }

  function move(day: string) {
    if (day < DATE_MIN || day > DATE_MAX) return;
    setPicked(day);
    focusNext.current = 'cell';
    if (!day.startsWith(month)) showMonth(day.slice(0, 7));
  }

  function open(day: string) {
    setPicked(day);
    setOpenings((n) => n + 1);
    focusNext.current = 'details';
  }

  function goToday() {
    setPicked(today);
    if (!today.startsWith(month)) showMonth(today.slice(0, 7));
  }

  if (!user) return null;

  const loading = !requestsLoaded || !receivedLoaded || !sentLoaded || !finishedLoaded || !rosterRead;
  const hasRoster = Boolean(roster && roster.updatedAt !== null);
  const windowLast = addDays(today, ROSTER_SHOWN_DAYS - 1);
  const outsideWindow = first < today || last > windowLast;
  const busyDays = [...days.keys()].sort();

  return (
    <div className="page-inner">
      <div className="page-header">
        <div>
          <h1>{CALENDAR_TEXT.title}</h1>
          <p className="page-subtitle">{CALENDAR_TEXT.subtitle}</p>
        </div>
      </div>

      <div className="cal-layout">
        <section className="card cal-card" aria-labelledby={monthId}>
          <div className="cal-bar">
            <button
              type="button"
              className="icon-button cal-arrow"
              aria-label={CALENDAR_TEXT.previousMonth}
              disabled={!canShift(month, -1)}
              onClick={() => showMonth(shiftMonth(month, -1))}
            >
              <ChevronLeft />
            </button>
            <h2 id={monthId} className="cal-month" aria-live="polite">
              {monthTitle(month)}
            </h2>
            <button
              type="button"
              className="icon-button cal-arrow"
              aria-label={CALENDAR_TEXT.nextMonth}
              disabled={!canShift(month, 1)}
              onClick={() => showMonth(shiftMonth(month, 1))}
            >
              <ChevronRight />
            </button>
            <button type="button" className="button button-outline button-sm cal-today" onClick={goToday}>
              {CALENDAR_TEXT.today}
            </button>
          </div>

          <div ref={gridBox}>
            <MonthGrid
              month={month}
              weekStart={weekStart}
              days={days}
              selected={selected}
              today={today}
              labelledBy={monthId}
              otherName={otherName}
              otherFirstName={otherFirstName}
              onMove={move}
              onSelect={setPicked}
              onOpen={open}
            />
          </div>

          {loading && (
            <p className="muted cal-note" role="status">
              {COMMON_TEXT.loading}
            </p>
          )}
          {requestsFailed && <p className="cal-note cal-warning">{CALENDAR_TEXT.requestsFailed}</p>}
          {rosterRead && !hasRoster && (
            <p className="cal-note">
              {CALENDAR_TEXT.noRoster}{' '}
              <AppLink to="/profile" className="text-link">
                {CALENDAR_TEXT.noRosterLink}
              </AppLink>
            </p>
          )}
          {hasRoster && outsideWindow && <p className="cal-note">{CALENDAR_TEXT.rosterWindow(formatDate(windowLast))}</p>}

          <ul className="cal-legend" aria-label={CALENDAR_TEXT.legend}>
            {LEGEND.map(([tone, text]) => (
              <li key={tone}>
                <span className={`cal-dot tone-${tone}`} aria-hidden="true" />
                {text}
              </li>
            ))}
            <li>
              <span className="cal-conflict-mark" aria-hidden="true">
                !
              </span>
              {CALENDAR_TEXT.legendConflict}
            </li>
          </ul>
        </section>

        <DayDetails
          ref={detailsHeading}
          day={selected}
          entries={days.get(selected) ?? EMPTY_DAY}
          isToday={selected === today}
          timeZone={user.baseTimeZone ?? user.timeZone}
          base={user.base}
          myId={myId}
          onEdit={setEditing}
        />

        <section className="card cal-day-list" aria-labelledby={listId}>
          <h2 id={listId} className="card-title">
            {CALENDAR_TEXT.dayListHeading}
          </h2>
          {busyDays.length === 0 ? (
            <p className="muted">{loading ? COMMON_TEXT.loading : CALENDAR_TEXT.dayListEmpty}</p>
          ) : (
            <ul className="cal-day-rows">
              {busyDays.map((day) => {
                const entries = days.get(day)!;
                return (
                  <li key={day}>
                    <button
                      type="button"
                      className={`cal-day-row${day === selected ? ' is-selected' : ''}${hasConflict(entries) ? ' has-conflict' : ''}`}
                      aria-current={day === selected ? 'date' : undefined}
                      onClick={() => open(day)}
                    >
                      <span className="cal-day-row-date">{shortDayName(day)}</span>
                      <span className="cal-day-row-chips">
                        {chipsOf(entries, otherFirstName).map((c) => (
                          <span key={c.key} className={`cal-chip tone-${c.tone}${c.conflict ? ' is-conflict' : ''}`}>
                            {c.text}
                          </span>
                        ))}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>

      {editing && <LazyRequestModal request={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
