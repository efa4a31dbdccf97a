// Avatar menu: Profile, Contact Support, Logout.
import { useId } from 'react';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../protocol/shapes.ts';
import { fullName, initials } from '../lib/format.ts';
import { logout } from '../stores/clientState.ts';
import { useDropdown } from './useDropdown.ts';

export function AccountMenu({ user }: { user: CurrentUser }) {
  const { open: dropdownOpen, close: closeDropdown, toggle: toggleDropdown, ref: dropdownRef } = useDropdown();
  const panelId = useId();
  return (
    <div className="dropdown" ref={dropdownRef}>
      <button type="button" className="avatar-button" aria-expanded={dropdownOpen} aria-controls={panelId} onClick={toggleDropdown}>
        {/* The name is the hidden text: an aria-label would contradict the visible initials. */}
        <span aria-hidden="true">{initials(user)}</span>
        <span className="visually-hidden">Account menu</span>
      </button>
      {dropdownOpen && (
        <div className="dropdown-panel" id={panelId}>
          <div className="dropdown-user">
            <p className="dropdown-user-name">{fullName(user)}</p>
            <p className="dropdown-user-email">{user.email}</p>
          </div>
          <ul className="dropdown-menu">
            <li>
              <Link to="/profile" onClick={closeDropdown}>
                Profile
              </Link>
            </li>
            <li>
              <Link to="/contact-support" onClick={closeDropdown}>
                Contact Support
              </Link>
            </li>
            <li>
              <button type="button" onClick={logout}>
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
