// Profile Settings' Appearance: Light, Dark or System for this device (web/src/lib/theme.ts), as three
// radio buttons (the arrow keys move between them); the change shows at once, with nothing to save.
import { useId } from 'react';
import { THEMES } from '#protocol/theme.ts';
import { setTheme, useTheme } from '../lib/theme.ts';
import { THEME_TEXT } from '../texts/theme.ts';
import { SettingsCard } from './SettingsCard.tsx';

export function ThemeCard() {
  const theme = useTheme();
  const name = useId();
  return (
    <SettingsCard headingId="theme-heading" title={THEME_TEXT.title} intro={THEME_TEXT.intro}>
      <fieldset className="field">
        <legend>{THEME_TEXT.label}</legend>
        <div className="segmented">
          {THEMES.map((t) => (
            <label key={t} className="segmented-option">
              <input type="radio" name={name} value={t} checked={theme === t} onChange={() => setTheme(t)} />
              <span>{THEME_TEXT.names[t]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </SettingsCard>
  );
}
