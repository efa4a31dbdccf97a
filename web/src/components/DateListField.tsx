// A growing list of dates (additional or requested dates): one date input per row with a remove
// button, an add button, and the list's error under it (every row is then marked invalid).
import { useId } from 'react';
import { CloseIcon, PlusIcon } from './Icons.tsx';
import { useCrewToday } from '../stores/crewDay.ts';

interface DateListFieldProps {
  legend: string;
  itemLabel: string;
  addLabel: string;
  values: string[];
  error?: string;
  onChange: (values: string[]) => void;
}

export function DateListField({ legend, itemLabel, addLabel, values, error, onChange }: DateListFieldProps) {
  const baseId = useId();
  // No day before the crew member's own today at their base.
  const today = useCrewToday();
  const errorId = `${baseId}-error`;
  return (
    <fieldset className={`field date-list${error ? ' field-invalid' : ''}`} aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {values.map((value, index) => (
        <div key={index} className="date-list-row">
          <label htmlFor={`${baseId}-${index}`} className="visually-hidden">
            {`${itemLabel} ${index + 1}`}
          </label>
          <input
            id={`${baseId}-${index}`}
            type="date"
            min={today}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange(values.map((v, i) => (i === index ? e.target.value : v)))}
          />
          <button type="button" className="icon-button" onClick={() => onChange(values.filter((_, i) => i !== index))}>
            <CloseIcon />
            <span className="visually-hidden">{`Remove date ${index + 1} from ${legend.toLowerCase()}`}</span>
          </button>
        </div>
      ))}
      <button type="button" className="button button-ghost button-sm" onClick={() => onChange([...values, ''])}>
        <PlusIcon />
        {addLabel}
      </button>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
