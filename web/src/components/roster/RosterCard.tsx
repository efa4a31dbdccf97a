// Profile Settings: "My Roster" (docs/decisions/0023, 0040). Upload the .ics or subscribe to its https address;
// see how it stands (updated when, failing since when), the coming entries by kind (duties with
// "Drop this trip", days off and leave quietly), set an entry's kind by hand, and remove it.
import { format } from 'date-fns';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ROSTER_TEXT, type RosterDuty } from '#protocol/roster.ts';
import { DUTY_KIND_LABEL, DUTY_KINDS, isWorkingKind } from '#protocol/roster-kinds.ts';
import { countByWork } from '#protocol/roster-rules.ts';
import { useRosterStore } from '../../stores/useRosterStore.ts';
import { useToastAction } from '../../hooks/useToastAction.ts';
import type { RequestFormState } from '../../lib/requestForm.ts';
import { LazyRequestModal } from '../LazyRequestModal.tsx';
import { useSessionStore } from '../../stores/useSessionStore.ts';
import { dayName, ENTRIES_SHOWN, whenText } from './rosterEntries.ts';
import { ROSTER_UI } from './rosterTexts.ts';
import './roster.css';
import { SettingsCard } from '../SettingsCard.tsx';

const TRIP_DAYS_FORM_MAX = 14;

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy 'at' h:mm a");

/** A drop request filled from a duty: its first day, its pairing (or title) and its length in days. */
export function dropFormOf(duty: RosterDuty): Partial<RequestFormState> {
  const days = Math.round((Date.parse(duty.endDay) - Date.parse(duty.startDay)) / 86_400_000) + 1;
  return {
    type: 'drop',
    date: duty.startDay,
    routeType: 'pairing',
    route: duty.pairing ?? duty.title,
    tripDays: String(Math.min(Math.max(days, 1), TRIP_DAYS_FORM_MAX)),
  };
}

export function RosterCard() {
  const info = useRosterStore((s) => s.info);
  const { busy, run } = useToastAction(ROSTER_UI.failed);
  const [url, setUrl] = useState('');
  const [drop, setDrop] = useState<Partial<RequestFormState> | null>(null);
  const [showAll, setShowAll] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const urlId = useId();

  useEffect(() => {
    void useRosterStore
      .getState()
      .fetch()
      .catch(() => undefined);
  }, []);

  const store = useRosterStore.getState();
  function onFile(file: File | undefined) {
    if (!file) return;
    // The server's sentence as it is: what was kept, and which events were skipped and why.
    void run(() => store.upload(file)).finally(() => {
      if (fileRef.current) fileRef.current.value = '';
    });
  }
  function onSubscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!url.trim()) return;
    void run(async () => {
      const message = await store.subscribe(url.trim());
      setUrl('');
      return message;
    });
  }
  function onRemove() {
    void run(async () => (await store.remove(), ROSTER_TEXT.removed), {
      title: ROSTER_UI.removeTitle,
      description: ROSTER_UI.removeConfirm,
      confirmLabel: ROSTER_UI.remove,
      destructive: true,
    });
  }

  const has = Boolean(info?.updatedAt);
  const duties = info?.duties ?? [];
  const shown = showAll ? duties : duties.slice(0, ENTRIES_SHOWN);
  const counts = countByWork(duties);
  return (
    <SettingsCard headingId="roster-heading" title={ROSTER_UI.title} intro={ROSTER_UI.intro}>
      {has && info && (
        <p className="muted">
          {ROSTER_UI.summary(counts.working, counts.off)} · {ROSTER_UI.updated} {when(info.updatedAt!)}
          {info.url && (
            <>
              <br />
              {ROSTER_UI.subscribedTo} <span className="roster-duty-text">{info.url}</span>
            </>
          )}
        </p>
      )}
      {info?.failingSince && (
        <p className="roster-failing" role="status">
          {`${ROSTER_UI.failingSince} ${when(info.failingSince)}: ${info.failure ?? ''} ${ROSTER_UI.keptNote}`}
        </p>
      )}
      <div className="field">
        <label htmlFor={fileId}>{ROSTER_UI.uploadLabel}</label>
        <input
          id={fileId}
          ref={fileRef}
          type="file"
          className="roster-file"
          accept=".ics,text/calendar"
          disabled={busy}
          onChange={(e) => onFile(e.currentTarget.files?.[0])}
        />
      </div>
      <form className="field" onSubmit={onSubscribe} noValidate>
        <label htmlFor={urlId}>{ROSTER_UI.urlLabel}</label>
        <div className="roster-url-row">
          <input
            id={urlId}
            type="url"
            inputMode="url"
            placeholder={ROSTER_UI.urlPlaceholder}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          <button type="submit" className="button button-outline button-sm" disabled={busy || !url.trim()}>
            {ROSTER_UI.subscribe}
          </button>
        </div>
        <p className="field-hint">{ROSTER_UI.urlHint}</p>
      </form>
      {shown.length > 0 && (
        <div className="stack">
          <h3 className="match-side-title">{ROSTER_UI.upcoming}</h3>
          <ul className="roster-duties roster-entries">
            {shown.map((d) => (
              <RosterEntry key={`${d.uid}|${d.start}`} duty={d} onDrop={() => setDrop(dropFormOf(d))} />
            ))}
          </ul>
          {duties.length > ENTRIES_SHOWN && (
            <button
              type="button"
              className="button button-ghost button-sm roster-show-all"
              aria-expanded={showAll}
              onClick={() => setShowAll((v) => !v)}
            >
              {showAll ? ROSTER_UI.showFewer : ROSTER_UI.showAll(duties.length)}
            </button>
          )}
        </div>
      )}
      {has && (
        <div className="row-actions">
          <button type="button" className="button button-danger-outline button-sm" disabled={busy} onClick={onRemove}>
            {ROSTER_UI.remove}
          </button>
        </div>
      )}
      {drop && <LazyRequestModal prefill={drop} onClose={() => setDrop(null)} />}
    </SettingsCard>
  );
}

/**
 * One coming entry: its day (and times), title and kind; a duty offers "Drop this trip", time off is
 * shown quietly. Its menu sets the kind by hand (the whole series: one UID), or back to Automatic.
 */
function RosterEntry({ duty, onDrop }: { duty: RosterDuty; onDrop: () => void }) {
  const { run } = useToastAction(ROSTER_UI.kindFailed);
  // Times at the base, as My Month shows them (lib/dutyTimes.ts).
  const timeZone = useSessionStore((s) => s.user?.baseTimeZone ?? s.user?.timeZone ?? 'UTC');
  // The kind just chosen, shown until its answer is in (the newest choice's: arrow keys on a closed
  // menu choose at every press). The menu stays enabled, so a keyboard user keeps their place.
  const [chosen, setChosen] = useState<string | null>(null);
  const choices = useRef(0);
  const working = isWorkingKind(duty.kind);
  const current = duty.kindByYou ? duty.kind : '';
  const titleId = useId();

  function onKind(value: string) {
    setChosen(value);
    const choice = ++choices.current;
    const kind = DUTY_KINDS.find((k) => k === value) ?? null;
    void run(async () => (await useRosterStore.getState().setKind(duty.uid, kind), ROSTER_TEXT.kindSaved)).finally(() => {
      if (choice === choices.current) setChosen(null);
    });
  }

  return (
    <li className={`roster-duty roster-entry${working ? '' : ' is-time-off'}`}>
      <div className="roster-entry-main">
        <span className="roster-entry-head">
          <span className="roster-entry-when">{whenText(duty, timeZone)}</span>
          <span className={`badge roster-kind roster-kind-${duty.kind}`}>{DUTY_KIND_LABEL[duty.kind]}</span>
          {duty.kindByYou && <span className="roster-entry-by-you">{ROSTER_UI.kindByYou}</span>}
        </span>
        <span id={titleId} className="roster-duty-text">
          {duty.title}
        </span>
      </div>
      <div className="roster-entry-actions">
        <select
          className="roster-kind-select"
          aria-label={ROSTER_UI.kindOf(duty.title, dayName(duty))}
          value={chosen ?? current}
          onChange={(e) => onKind(e.target.value)}
        >
          <option value="">{ROSTER_UI.kindAutomatic}</option>
          {DUTY_KINDS.map((k) => (
            <option key={k} value={k}>
              {DUTY_KIND_LABEL[k]}
            </option>
          ))}
        </select>
        {working && (
          <button type="button" className="button button-ghost button-sm" aria-describedby={titleId} onClick={onDrop}>
            {ROSTER_UI.dropThisTrip}
          </button>
        )}
      </div>
    </li>
  );
}
