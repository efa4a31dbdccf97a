// My Month's grid (issue 43): a WAI-ARIA grid of the month's days, weeks from the locale's first day.
// One day is the tab stop (a roving tabindex); the arrow keys move between days (past the month's edge
// into the next or previous month), Home and End to the week's ends, Page Up and Page Down by a month;
// Enter, Space or a click opens the day. Each cell is named by its whole day ("Thursday, December 10:
// ATL1234 flight duty; your drop"); what it shows (chips on a wide screen, dots on a phone) is the
// same, drawn, and hidden from screen readers.
import { useMemo, type KeyboardEvent } from 'react';
import { isWorkingKind } from '#protocol/roster-kinds.ts';
import { addDays, dutyName } from '#protocol/roster-rules.ts';
import type { OfferItem } from '#protocol/shapes.ts';
import { REQUEST_TYPE_LABELS, routeText } from '../../lib/format.ts';
import { CALENDAR_TEXT } from '../../texts/calendar.ts';
import { dayLabel, EMPTY_DAY, hasConflict, type DayEntries } from './dayEntries.ts';
import { monthBounds, monthWeeks, shiftMonth, weekdayOf, weekdayOrder, WEEKDAY_NAMES, type Month } from './month.ts';

/** A cell shows this many entries; the rest as "+N more". */
const CHIPS_SHOWN = 3;

interface Chip {
  key: string;
  text: string;
  /** Its colour: a duty's kind, a request's type, an offer or a trade. */
  tone: string;
  conflict: boolean;
}

/** A day's entries as the cell draws them, in the order the label reads them. */
export function chipsOf(entries: DayEntries, otherFirstName: (offer: OfferItem) => string): Chip[] {
  const chips: Chip[] = [];
  for (const d of entries.duties) {
    const text = isWorkingKind(d.kind) ? dutyName(d) : d.kind === 'off' ? 'Off' : 'Leave';
    chips.push({ key: `d${d.uid}${d.start}`, text, tone: `kind-${d.kind}`, conflict: false });
  }
  for (const { request, conflict } of entries.requests) {
    const route = routeText(request);
    chips.push({
      key: `r${request.id}`,
      text: `${REQUEST_TYPE_LABELS[request.type]}${route ? ` ${route}` : ''}`,
      tone: 'req',
      conflict: conflict !== null,
    });
  }
  for (const { offer, side, conflict } of entries.offers) {
    chips.push({
      key: `o${offer.id}`,
      text: `Offer ${side === 'received' ? 'from' : 'to'} ${otherFirstName(offer)}`,
      tone: 'offer',
      conflict: conflict !== null,
    });
  }
  for (const offer of entries.trades)
    chips.push({ key: `t${offer.id}`, text: `Traded · ${otherFirstName(offer)}`, tone: 'trade', conflict: false });
  return chips;
}

interface MonthGridProps {
  month: Month;
  weekStart: number;
  days: ReadonlyMap<string, DayEntries>;
  selected: string;
  today: string;
  labelledBy: string;
  otherName: (offer: OfferItem) => string;
  otherFirstName: (offer: OfferItem) => string;
  /** Moves the selection (and the focus) to a day, which may be in another month. */
  onMove: (day: string) => void;
  /** Selects a day whose cell took the focus, leaving the focus there. */
  onSelect: (day: string) => void;
  /** Opens a day's details. */
  onOpen: (day: string) => void;
}

export function MonthGrid(props: MonthGridProps) {
  const { month, weekStart, days, today, labelledBy, otherName, otherFirstName, onMove, onSelect, onOpen } = props;
  const weeks = useMemo(() => monthWeeks(month, weekStart), [month, weekStart]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // The day whose cell has the focus (a click or a script may have put it on another than the selected one).
    const selected = (event.target as HTMLElement).closest<HTMLElement>('[data-day]')?.dataset.day ?? props.selected;
    const offset = (weekdayOf(selected) - weekStart + 7) % 7;
    const sameDayIn = (n: number) => {
      const target = shiftMonth(month, n);
      if (target === month) return null;
      const { last } = monthBounds(target);
      const day = `${target}-${selected.slice(8, 10)}`;
      return day > last ? last : day;
    };
    const moves: Record<string, () => string | null> = {
      ArrowLeft: () => addDays(selected, -1),
      ArrowRight: () => addDays(selected, 1),
      ArrowUp: () => addDays(selected, -7),
      ArrowDown: () => addDays(selected, 7),
      Home: () => addDays(selected, -offset),
      End: () => addDays(selected, 6 - offset),
      PageUp: () => sameDayIn(-1),
      PageDown: () => sameDayIn(1),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      const day = move();
      if (day) onMove(day);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(selected);
    }
  }

  return (
    <div role="grid" aria-labelledby={labelledBy} className="cal-grid" onKeyDown={onKeyDown}>
      <div role="row" className="cal-row cal-weekdays">
        {weekdayOrder(weekStart).map((d) => (
          <div role="columnheader" key={d} className="cal-weekday">
            <span aria-hidden="true">{WEEKDAY_NAMES[d]!.slice(0, 3)}</span>
            <span className="visually-hidden">{WEEKDAY_NAMES[d]}</span>
          </div>
        ))}
      </div>
      {weeks.map((week) => (
        <div role="row" className="cal-row" key={week.find(Boolean)}>
          {week.map((day, i) =>
            day ? (
              <DayCell
                key={day}
                day={day}
                entries={days.get(day) ?? EMPTY_DAY}
                isToday={day === today}
                isSelected={day === props.selected}
                otherName={otherName}
                otherFirstName={otherFirstName}
                onSelect={onSelect}
                onOpen={onOpen}
              />
            ) : (
              <div role="gridcell" key={`blank${i}`} className="cal-cell is-blank" />
            ),
          )}
        </div>
      ))}
    </div>
  );
}

interface DayCellProps {
  day: string;
  entries: DayEntries;
  isToday: boolean;
  isSelected: boolean;
  otherName: (offer: OfferItem) => string;
  otherFirstName: (offer: OfferItem) => string;
  onSelect: (day: string) => void;
  onOpen: (day: string) => void;
}

function DayCell({ day, entries, isToday, isSelected, otherName, otherFirstName, onSelect, onOpen }: DayCellProps) {
  const chips = chipsOf(entries, otherFirstName);
  const conflict = hasConflict(entries);
  const quiet = entries.duties.length > 0 && entries.duties.every((d) => !isWorkingKind(d.kind));
  const classes = ['cal-cell', isToday && 'is-today', isSelected && 'is-selected', conflict && 'has-conflict', quiet && 'is-time-off']
    .filter(Boolean)
    .join(' ');
  return (
    <div
      role="gridcell"
      data-day={day}
      tabIndex={isSelected ? 0 : -1}
      aria-selected={isSelected}
      className={classes}
      onFocus={() => !isSelected && onSelect(day)}
      onClick={() => onOpen(day)}
    >
      {/* The cell's name: its whole day in words. What it draws (the same, shorter) is hidden from screen readers. */}
      <span className="visually-hidden cal-label">{dayLabel(day, entries, { today: isToday, otherName })}</span>
      <div className="cal-cell-inner" aria-hidden="true">
        <span className="cal-cell-top">
          <span className="cal-daynum">{Number(day.slice(8, 10))}</span>
          {conflict && <span className="cal-conflict-mark">!</span>}
        </span>
        {chips.length > 0 && (
          <span className="cal-chips">
            {chips.slice(0, chips.length > CHIPS_SHOWN ? CHIPS_SHOWN - 1 : CHIPS_SHOWN).map((c) => (
              <span key={c.key} className={`cal-chip tone-${c.tone}${c.conflict ? ' is-conflict' : ''}`}>
                {c.text}
              </span>
            ))}
            {chips.length > CHIPS_SHOWN && <span className="cal-chip-more">{CALENDAR_TEXT.more(chips.length - CHIPS_SHOWN + 1)}</span>}
          </span>
        )}
        {chips.length > 0 && (
          <span className="cal-dots">
            {chips.slice(0, 4).map((c) => (
              <span key={c.key} className={`cal-dot tone-${c.tone}${c.conflict ? ' is-conflict' : ''}`} />
            ))}
          </span>
        )}
      </div>
    </div>
  );
}
