// The Light / Dark / System switch (web/src/lib/theme.ts): Profile Settings and the avatar menu.
// One module an area, so a screen loads the texts it shows only (docs/decisions/0039-first-screen-texts.md).
import type { Theme } from '#protocol/theme.ts';

export const THEME_TEXT = {
  title: 'Appearance',
  intro: 'Light or Dark, or System to follow this device’s own setting. Kept on this device only.',
  label: 'Theme',
  names: { light: 'Light', dark: 'Dark', system: 'System' } satisfies Record<Theme, string>,
} as const;
