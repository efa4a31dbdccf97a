// Roster Rules (docs/decisions/0023): each airline's limits for the roster checks (days in a row, hours of
// rest), the defaults until an admin sets them. Crew are warned by them, never blocked.
import { useEffect, useState, type FormEvent } from 'react';
import type { Airline } from '#protocol/enums.ts';
import { ROSTER_LIMIT_RANGES, ROSTER_TEXT, type AirlineRosterRules } from '#protocol/roster.ts';
import { api } from '../../api/client.ts';
import { ROSTER_UI } from '../../components/roster/rosterTexts.ts';
import { useToastAction } from '../../hooks/useToastAction.ts';
import { ADMIN_TEXT } from '../../texts/admin.ts';
import { COMMON_TEXT } from '../../texts/common.ts';
import '../../components/roster/roster.css';

function AirlineRow({ rules, onSaved }: { rules: AirlineRosterRules; onSaved: (r: AirlineRosterRules) => void }) {
  const [days, setDays] = useState(String(rules.maxConsecutiveDays));
  const [rest, setRest] = useState(String(rules.minRestHours));
  const { busy, run } = useToastAction(ROSTER_UI.rulesFailed);
  const id = `roster-rules-${rules.airline}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => {
      const path = `/api/admin/roster-rules/${encodeURIComponent(rules.airline)}` as `/api/admin/roster-rules/${number}`;
      onSaved(await api.put(path, { maxConsecutiveDays: Number(days), minRestHours: Number(rest) }));
      return ROSTER_TEXT.limitsSaved;
    });
  }

  return (
    <li className="card roster-rules-row">
      <form className="roster-url-row" onSubmit={onSubmit} aria-labelledby={`${id}-name`} noValidate>
        <strong id={`${id}-name`} className="roster-rules-airline">
          {rules.airline}
        </strong>
        <label className="roster-rules-field">
          {ROSTER_UI.rulesDays}{' '}
          <input
            type="number"
            min={ROSTER_LIMIT_RANGES.maxConsecutiveDays.min}
            max={ROSTER_LIMIT_RANGES.maxConsecutiveDays.max}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </label>
        <label className="roster-rules-field">
          {ROSTER_UI.rulesRest}{' '}
          <input
            type="number"
            min={ROSTER_LIMIT_RANGES.minRestHours.min}
            max={ROSTER_LIMIT_RANGES.minRestHours.max}
            value={rest}
            onChange={(e) => setRest(e.target.value)}
          />
        </label>
        <button type="submit" className="button button-outline button-sm" disabled={busy}>
          {ROSTER_UI.rulesSave}
        </button>
      </form>
    </li>
  );
}

export function RosterRulesTab() {
  const [rules, setRules] = useState<AirlineRosterRules[] | null>(null);
  useEffect(() => {
    void api
      .get('/api/admin/roster-rules')
      .then(setRules)
      .catch(() => setRules([]));
  }, []);
  const saved = (r: AirlineRosterRules) => setRules((list) => list?.map((x) => (x.airline === r.airline ? r : x)) ?? null);
  return (
    <section className="stack" aria-label={ADMIN_TEXT.tabRosterRules}>
      <p className="muted">{ROSTER_UI.rulesIntro}</p>
      {!rules ? (
        <p className="muted" role="status">
          {COMMON_TEXT.loading}
        </p>
      ) : (
        <ul className="roster-duties">
          {rules.map((r) => (
            <AirlineRow key={r.airline as Airline} rules={r} onSaved={saved} />
          ))}
        </ul>
      )}
    </section>
  );
}
