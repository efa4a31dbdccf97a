// A row of tabs (WAI-ARIA tabs pattern): arrow keys, Home and End move between them, the chosen one
// is the only one in the tab order, and each names the one panel below (`panelId`).
import type { KeyboardEvent, ReactNode } from 'react';
import './tabs.css';

interface TabBarProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  label: string;
  /** The id prefix of the tabs (useId()); tab ids are `${baseId}-tab-${tab}`. */
  baseId: string;
  panelId: string;
  render: (tab: T) => ReactNode;
  className?: string;
}

export const tabId = (baseId: string, tab: string) => `${baseId}-tab-${tab}`;

export function TabBar<T extends string>({ tabs, selected, onSelect, label, baseId, panelId, render, className = 'tabs' }: TabBarProps<T>) {
  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = tabs.indexOf(selected);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const target =
      event.key === 'Home' ? 0 : event.key === 'End' ? tabs.length - 1 : step ? (index + step + tabs.length) % tabs.length : -1;
    if (target < 0) return;
    event.preventDefault();
    const next = tabs[target]!;
    onSelect(next);
    document.getElementById(tabId(baseId, next))?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          id={tabId(baseId, t)}
          aria-selected={t === selected}
          aria-controls={panelId}
          tabIndex={t === selected ? 0 : -1}
          className="tab"
          onClick={() => onSelect(t)}
          onKeyDown={onKey}
        >
          {render(t)}
        </button>
      ))}
    </div>
  );
}
