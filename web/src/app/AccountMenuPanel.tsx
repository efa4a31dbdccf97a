// Avatar menu: Profile, Contact Support, Logout. Radix DropdownMenu gives it the menu roles, arrow
// keys, Escape, the click outside and the focus back on the avatar. A chunk of its own, loaded when
// the avatar is first used (AccountMenu.tsx), which it replaces already open.
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { AppLink } from './AppLink.tsx';
import type { CurrentUser } from '#protocol/shapes.ts';
import { fullName } from '../lib/format.ts';
import { AvatarLabel } from './AccountMenu.tsx';
import { logout } from '../stores/clientState.ts';

export default function AccountMenuPanel({ user }: { user: CurrentUser }) {
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
          <DropdownMenu.Item className="menu-item" onSelect={logout}>
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
