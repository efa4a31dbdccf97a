// Roster Rules (docs/decisions/0023, 0040): each airline's limits for the roster checks (days in a row, hours of
// rest), the defaults until an admin sets them, and the airline's own codes for kinds of events
// ("FRD" is a day off), tried before the usual words. Crew are warned by them, never blocked.
import { useEffect, useState, type FormEvent } from 'react';
import type { Airline } from '#protocol/enums.ts';
import { ROSTER_LIMIT_RANGES, ROSTER_TEXT, type AirlineRosterRules } from '#protocol/roster.ts';
import {
  DUTY_KIND_LABEL,
  DUTY_KINDS,
  KIND_PATTERN_MAX,
  KIND_PATTERNS_MAX,
  type DutyKind,
  type KindPattern,
} from '#protocol/roster-kinds.ts';
import { api } from '../../api/client.ts';
import { ROSTER_UI } from '../../components/roster/rosterTexts.ts';
import { useToastAction } from '../../hooks/useToastAction.ts';
import { ADMIN_TEXT } from '../../texts/admin.ts';
import { COMMON_TEXT } from '../../texts/common.ts';
import '../../components/roster/roster.css';

/** A code as edited: a key of its own, so that removing a row keeps the others' inputs in place. */
interface CodeRow extends KindPattern {
  key: number;
}

/** The kind a new code starts with: airlines' own codes are mostly for days off. */
const NEW_CODE_KIND: DutyKind = 'off';

let codeKeys = 0;
const rowsOf = (patterns: readonly KindPattern[]): CodeRow[] => patterns.map((p) => ({ ...p, key: ++codeKeys }));

function AirlineRow({ rules, onSaved }: { rules: AirlineRosterRules; onSaved: (r: AirlineRosterRules) => void }) {
  const [days, setDays] = useState(String(rules.maxConsecutiveDays));
  const [rest, setRest] = useState(String(rules.minRestHours));
  const [codes, setCodes] = useState<CodeRow[]>(() => rowsOf(rules.kindPatterns));
  const { busy, run } = useToastAction(ROSTER_UI.rulesFailed);
  const id = `roster-rules-${rules.airline}`;

  const edit = (key: number, change: Partial<KindPattern>) =>
    setCodes((list) => list.map((c) => (c.key === key ? { ...c, ...change } : c)));
  const add = () => {
    const key = ++codeKeys;
    setCodes((list) => [...list, { key, pattern: '', kind: NEW_CODE_KIND }]);
  };
  const removeCode = (key: number) => setCodes((list) => list.filter((c) => c.key !== key));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A row left empty is not a code: it is left out rather than refused.
    const kindPatterns = codes.filter((c) => c.pattern.trim()).map(({ pattern, kind }) => ({ pattern: pattern.trim(), kind }));
    void run(async () => {
      const path = `/api/admin/roster-rules/${encodeURIComponent(rules.airline)}` as `/api/admin/roster-rules/${number}`;
      const saved = await api.put(path, { maxConsecutiveDays: Number(days), minRestHours: Number(rest), kindPatterns });
      setCodes(rowsOf(saved.kindPatterns));
      onSaved(saved);
      return ROSTER_TEXT.limitsSaved;
    });
  }

  return (
    <li className="card roster-rules-row">
      <form className="roster-rules-form" onSubmit={onSubmit} aria-labelledby={`${id}-name`} noValidate>
        <div className="roster-url-row roster-rules-limits">
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
        </div>
        <fieldset className="roster-codes">
          <legend className="roster-codes-title">{ROSTER_UI.codesTitle}</legend>
          {codes.length === 0 ? (
            <span className="muted small">{ROSTER_UI.codesNone}</span>
          ) : (
            <ul className="roster-codes-list">
              {codes.map((c, i) => (
                <li key={c.key} className="roster-code">
                  <input
                    type="text"
                    className="roster-code-text"
                    aria-label={ROSTER_UI.codeLabel(i + 1)}
                    placeholder={ROSTER_UI.codePlaceholder}
                    maxLength={KIND_PATTERN_MAX}
                    autoCapitalize="characters"
                    spellCheck={false}
                    value={c.pattern}
                    onChange={(e) => edit(c.key, { pattern: e.target.value })}
                  />
                  <select
                    className="roster-kind-select"
                    aria-label={ROSTER_UI.codeKindLabel(i + 1)}
                    value={c.kind}
                    onChange={(e) => edit(c.key, { kind: DUTY_KINDS.find((k) => k === e.target.value) ?? NEW_CODE_KIND })}
                  >
                    {DUTY_KINDS.map((k) => (
                      <option key={k} value={k}>
                        {DUTY_KIND_LABEL[k]}
                      </option>
                    ))}
                  </select>
                  <button
                    type="button"
                    className="button button-ghost button-sm roster-code-remove"
                    aria-label={ROSTER_UI.removeCode(i + 1)}
                    title={ROSTER_UI.removeCode(i + 1)}
                    onClick={() => removeCode(c.key)}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="roster-rules-actions">
          <button
            type="button"
            className="button button-ghost button-sm roster-code-add"
            disabled={codes.length >= KIND_PATTERNS_MAX}
            onClick={add}
          >
            {ROSTER_UI.addCode}
          </button>
          <button type="submit" className="button button-outline button-sm" disabled={busy}>
            {ROSTER_UI.rulesSave}
          </button>
        </div>
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
      <p className="muted small">{ROSTER_UI.codesHint}</p>
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
