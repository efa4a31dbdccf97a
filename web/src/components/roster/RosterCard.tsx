// Profile Settings: "My Roster" (docs/decisions/0023). Upload the .ics or subscribe to its https address; see
// how it stands (updated when, failing since when), the coming duties with "Drop this trip", and
// remove it.
import { format } from 'date-fns';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { RosterDuty } from '#protocol/roster.ts';
import { confirm } from '../../stores/useConfirmStore.ts';
import { useRosterStore } from '../../stores/useRosterStore.ts';
import { formatDate } from '../../lib/format.ts';
import { useToastAction } from '../../hooks/useToastAction.ts';
import type { RequestFormState } from '../../lib/requestForm.ts';
import { LazyRequestModal } from '../LazyRequestModal.tsx';
import { ROSTER_UI } from './rosterTexts.ts';
import './roster.css';
import { SettingsCard } from '../SettingsCard.tsx';

const UPCOMING_SHOWN = 5;
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
    void run(async () => ROSTER_UI.uploaded(await store.upload(file))).finally(() => {
      if (fileRef.current) fileRef.current.value = '';
    });
  }
  function onSubscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!url.trim()) return;
    void run(async () => {
      const n = await store.subscribe(url.trim());
      setUrl('');
      return ROSTER_UI.uploaded(n);
    });
  }
  async function onRemove() {
    const ok = await confirm({
      title: ROSTER_UI.removeTitle,
      description: ROSTER_UI.removeConfirm,
      confirmLabel: ROSTER_UI.remove,
      destructive: true,
    });
    if (ok) void run(async () => (await store.remove(), ROSTER_UI.remove));
  }

  const has = Boolean(info?.updatedAt);
  const upcoming = info?.duties.slice(0, UPCOMING_SHOWN) ?? [];
  return (
    <SettingsCard headingId="roster-heading" title={ROSTER_UI.title} intro={ROSTER_UI.intro}>
      {has && info && (
        <p className="muted">
          {ROSTER_UI.summary(info.duties.length)} · {ROSTER_UI.updated} {when(info.updatedAt!)}
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
      {upcoming.length > 0 && (
        <div className="stack">
          <h3 className="match-side-title">{ROSTER_UI.upcoming}</h3>
          <ul className="roster-duties">
            {upcoming.map((d) => (
              <li key={`${d.start}-${d.title}`} className="roster-duty">
                <span className="roster-duty-text">
                  <strong>{formatDate(d.startDay)}</strong> {d.title}
                </span>
                <button type="button" className="button button-ghost button-sm" onClick={() => setDrop(dropFormOf(d))}>
                  {ROSTER_UI.dropThisTrip}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {has && (
        <div className="row-actions">
          <button type="button" className="button button-danger-outline button-sm" disabled={busy} onClick={() => void onRemove()}>
            {ROSTER_UI.remove}
          </button>
        </div>
      )}
      {drop && <LazyRequestModal prefill={drop} onClose={() => setDrop(null)} />}
    </SettingsCard>
  );
}
