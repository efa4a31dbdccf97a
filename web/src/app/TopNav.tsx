// Top navigation (docs/product-spec.md section 2): links with badges, Messages, the notification bell, the Admin
// button for admins and the avatar menu. Below 768 px the links fold into a menu button.
import { useId } from 'react';
import { AppLink } from './AppLink.tsx';
import { NavLink } from './NavLink.tsx';
import type { CurrentUser, DashboardStats } from '#protocol/shapes.ts';
import { MenuIcon, MessageIcon, CloseIcon } from '../components/Icons.tsx';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { CountBadge } from '../components/CountBadge.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { useDropdown } from '../hooks/useDropdown.ts';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
  badge?: keyof DashboardStats;
  badgeText?: (n: number) => string;
}

const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Dashboard', end: true },
  { to: '/all-trades', label: 'Tradeboard' },
  { to: '/matches', label: 'Matches', badge: 'pendingMatches', badgeText: (n) => `${n} new ${n === 1 ? 'match' : 'matches'}` },
  { to: '/trades', label: 'Trades', badge: 'pendingTrades', badgeText: (n) => `${n} new trade ${n === 1 ? 'request' : 'requests'}` },
  { to: '/calendar', label: 'My Month' },
  { to: '/schedule', label: 'Schedule' },
];

export function TopNav({ user }: { user: CurrentUser }) {
  const stats = useBadgeStore((s) => s.stats);
  const { open: menuOpen, close: closeMenu, toggle: toggleMenu, ref: menuRef } = useDropdown<HTMLElement>();
  const navId = useId();
  const badgeId = useId();
  const unread = stats?.unreadMessages ?? 0;

  return (
    <header className="topnav" ref={menuRef}>
      <div className="topnav-inner">
        <AppLink to="/" className="brand" onClick={closeMenu}>
          <span className="brand-mark" aria-hidden="true">
            C
          </span>
          Crewtrade
        </AppLink>

        <nav aria-label="Main" id={navId} className={`topnav-links${menuOpen ? ' is-open' : ''}`}>
          <ul>
            {NAV_ITEMS.map((item) => {
              const count = item.badge ? (stats?.[item.badge] ?? 0) : 0;
              const describedBy = count > 0 ? `${badgeId}-${item.badge}` : undefined;
              return (
                <li key={item.to}>
                  <NavLink to={item.to} end={item.end} className="nav-link" onClick={closeMenu} aria-describedby={describedBy}>
                    {item.label}
                    {item.badge && (
                      <CountBadge id={`${badgeId}-${item.badge}`} count={count} text={item.badgeText?.(count) ?? String(count)} />
                    )}
                  </NavLink>
                </li>
              );
            })}
            {user.isAdmin && (
              <li className="nav-admin-mobile">
                <NavLink to="/admin-panel" className="nav-link" onClick={closeMenu}>
                  Admin
                </NavLink>
              </li>
            )}
          </ul>
        </nav>

        <div className="topnav-actions">
          {user.isAdmin && (
            <AppLink to="/admin-panel" className="button button-outline button-sm nav-admin">
              Admin
            </AppLink>
          )}
          <AppLink to="/messages" className="icon-button nav-icon" aria-describedby={unread > 0 ? `${badgeId}-unread` : undefined}>
            <MessageIcon />
            <span className="visually-hidden">Messages</span>
            <CountBadge id={`${badgeId}-unread`} count={unread} text={`${unread} unread ${unread === 1 ? 'message' : 'messages'}`} />
          </AppLink>
          <NotificationBell />
          <AccountMenu user={user} />
          <button
            type="button"
            className="icon-button menu-toggle"
            aria-label="Navigation"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={toggleMenu}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
    </header>
  );
}
