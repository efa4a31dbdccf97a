// A setting that is on or off: its label (naming the switch), an optional line under it, and the
// switch with its state written beside it.
import { useId } from 'react';

interface SwitchRowProps {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onToggle: () => void;
}

export function SwitchRow({ label, hint, checked, disabled, onToggle }: SwitchRowProps) {
  const labelId = useId();
  return (
    <div className="switch-row">
      <div>
        <p id={labelId} className="switch-label">
          {label}
        </p>
        {hint && <p className="muted small">{hint}</p>}
      </div>
      <div className="switch-control">
        <span className="switch-state" aria-hidden="true">
          {checked ? 'On' : 'Off'}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={checked}
          aria-labelledby={labelId}
          className="switch"
          disabled={disabled}
          onClick={onToggle}
        >
          <span className="switch-thumb" />
        </button>
      </div>
    </div>
  );
}
