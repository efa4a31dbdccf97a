// The fields of the request form (docs/product-spec.md section 2): type, date, additional and requested dates,
// pairing or reserve period, trip days, notes, "Accept automatically" (the standing rule,
// docs/decisions/0045) and, when given, a note under the dates and the screenshot picker.
import { useId, type ReactNode } from 'react';
import { REQUEST_TYPES, type RequestType, type RouteType } from '#protocol/enums.ts';
import type { TradeRequestItem } from '#protocol/shapes.ts';
import { REQUEST_TYPE_LABELS } from '../lib/format.ts';
import type { FieldErrors } from '../lib/forms.ts';
import { tripDaysOptions, type RequestFormState } from '../lib/requestForm.ts';
import { RULE_TEXT } from '#protocol/standingRule.ts';
import { REQUESTS_TEXT } from '../texts/requests.ts';
import { DateListField } from './DateListField.tsx';
import { SelectField, TextAreaField, TextField } from './Field.tsx';
import { SwitchRow } from './SwitchRow.tsx';
import { useCrewToday } from '../stores/crewDay.ts';

interface RequestFormFieldsProps {
  form: RequestFormState;
  errors: FieldErrors;
  onChange: (form: RequestFormState) => void;
  /** The request being edited: its stored trip days stay on offer. */
  editing?: TradeRequestItem;
  /** The screenshot picker, shown under the notes. */
  screenshots?: ReactNode;
  /** Shown under the dates (the roster's reasons for the trip a pickup or a trade would have one fly). */
  datesNote?: ReactNode;
}

export function RequestFormFields({ form, errors, onChange, editing, screenshots, datesNote }: RequestFormFieldsProps) {
  const typeName = useId();
  const today = useCrewToday();
  const update = <K extends keyof RequestFormState>(key: K, value: RequestFormState[K]) => onChange({ ...form, [key]: value });

  function chooseType(type: RequestType) {
    // Choosing trade starts the requested dates with one empty entry.
    onChange({ ...form, type, desiredDates: type === 'trade' && form.desiredDates.length === 0 ? [''] : form.desiredDates });
  }

  return (
    <>
      <fieldset className="field">
        <legend>Request Type</legend>
        <div className="segmented">
          {REQUEST_TYPES.map((type) => (
            <label key={type} className="segmented-option">
              <input type="radio" name={typeName} value={type} checked={form.type === type} onChange={() => chooseType(type)} />
              <span>{REQUEST_TYPE_LABELS[type]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <TextField
        label="Date"
        type="date"
        name="date"
        min={today}
        value={form.date}
        onChange={(e) => update('date', e.target.value)}
        error={errors.date}
      />

      <DateListField
        legend="Additional Dates"
        itemLabel="Additional date"
        addLabel="Add Date"
        values={form.additionalDates}
        error={errors.additionalDates}
        onChange={(v) => update('additionalDates', v)}
      />

      {form.type === 'trade' && (
        <DateListField
          legend="Requested Dates"
          itemLabel="Requested date"
          addLabel="Add Requested Date"
          values={form.desiredDates}
          error={errors.desiredDates}
          onChange={(v) => update('desiredDates', v)}
        />
      )}

      {datesNote}

      <SelectField
        label="Route Type"
        name="routeType"
        value={form.routeType}
        onChange={(e) => update('routeType', e.target.value as RouteType | '')}
        error={errors.routeType}
        hint={REQUESTS_TEXT.matchingRule}
      >
        <option value="" disabled>
          Select pairing or reserve period
        </option>
        <option value="pairing">Pairing</option>
        <option value="reserve_period">Reserve Period</option>
      </SelectField>

      {form.routeType === 'pairing' && (
        <TextField
          label="Pairing"
          name="route"
          placeholder="e.g. ATL-LAX-ATL"
          value={form.route}
          onChange={(e) => update('route', e.target.value)}
          error={errors.route}
        />
      )}
      {form.routeType === 'reserve_period' && (
        <TextField
          label="Reserve Period"
          name="reservePeriod"
          placeholder="e.g. R1 0500-1700"
          value={form.reservePeriod}
          onChange={(e) => update('reservePeriod', e.target.value)}
          error={errors.reservePeriod}
        />
      )}

      <SelectField
        label="Trip Days"
        name="tripDays"
        value={form.tripDays}
        onChange={(e) => update('tripDays', e.target.value)}
        error={errors.tripDays}
      >
        {tripDaysOptions(editing?.tripDays, REQUESTS_TEXT.tripDaysNotSet).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </SelectField>

      <TextAreaField
        label="Notes"
        name="notes"
        rows={3}
        value={form.notes}
        onChange={(e) => update('notes', e.target.value)}
        error={errors.notes}
      />

      {/* Not known yet on an edit from the board's copy: shown off and held until the owner's copy says. */}
      <SwitchRow
        label={RULE_TEXT.field}
        hint={RULE_TEXT.fieldHint}
        checked={form.autoAccept === true}
        disabled={form.autoAccept === null}
        onToggle={() => update('autoAccept', !form.autoAccept)}
      />

      {screenshots}
    </>
  );
}
