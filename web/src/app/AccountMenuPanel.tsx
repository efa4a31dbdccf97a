// Avatar menu: Profile, Contact Support, the theme (Light, Dark, System for this device), Logout. Radix
// DropdownMenu gives it the menu roles, arrow keys, Escape, the click outside and the focus back on
// the avatar. A chunk of its own, loaded when the avatar is first used (AccountMenu.tsx), which it
// replaces already open.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useId } from 'react';
import { AppLink } from './AppLink.tsx';
import type { CurrentUser } from '#protocol/shapes.ts';
import { THEMES, type Theme } from '#protocol/theme.ts';
import { fullName } from '../lib/format.ts';
import { setTheme, useTheme } from '../lib/theme.ts';
import { AvatarLabel } from './AccountMenu.tsx';
import { logout } from '../stores/clientState.ts';
import { THEME_TEXT } from '../texts/theme.ts';

export default function AccountMenuPanel({ user }: { user: CurrentUser }) {
  const theme = useTheme();
  const themeLabel = useId();
  return (
    <DropdownMenu.Root modal={false} defaultOpen>
      <DropdownMenu.Trigger className="avatar-button">
        <AvatarLabel user={user} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="popover-panel" align="end" sideOffset={8} collisionPadding={8}>
          <div className="dropdown-user">
            <p className="dropdown-user-name">{fullName(user)}</p>
            <p className="dropdown-user-email">{user.email}</p>
          </div>
          <DropdownMenu.Item asChild className="menu-item">
            <AppLink to="/profile">Profile</AppLink>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className="menu-item">
            <AppLink to="/contact-support">Contact Support</AppLink>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Label id={themeLabel} className="menu-label">
            {THEME_TEXT.label}
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            className="menu-theme"
            aria-labelledby={themeLabel}
            value={theme}
            onValueChange={(value) => setTheme(value as Theme)}
          >
            {THEMES.map((t) => (
              // The menu stays open: the new scheme shows around it at once.
              <DropdownMenu.RadioItem key={t} value={t} className="menu-item menu-theme-option" onSelect={(e) => e.preventDefault()}>
                {THEME_TEXT.names[t]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Item className="menu-item" onSelect={logout}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
