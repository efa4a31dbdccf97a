// The bell: unacknowledged count and a dropdown with up to 3 items per section. Clicking a match
// notification acknowledges it, refetches the list and opens /matches.
import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { BELL_PER_SECTION, BELL_VIEW_ALL_ABOVE } from '../../../protocol/limits.ts';
import { CountBadge } from '../components/CountBadge.tsx';
import { BellIcon } from '../components/Icons.tsx';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { TEXT } from '../texts.ts';
import { useDropdown } from './useDropdown.ts';

export function NotificationBell() {
  const matches = useNotificationStore((s) => s.matches);
  const acknowledge = useNotificationStore((s) => s.acknowledge);
  const stats = useBadgeStore((s) => s.stats);
  const { open: dropdownOpen, close: closeDropdown, toggle: toggleDropdown, ref: dropdownRef } = useDropdown();
  const navigate = useNavigate();
  const panelId = useId();
  const badgeId = useId();
  const count = stats?.unacknowledgedNotifications ?? matches.length;

  async function openMatch(matchId: number) {
    closeDropdown();
    try {
      await acknowledge(matchId);
    } finally {
      navigate('/matches');
    }
  }

  return (
    <div className="dropdown" ref={dropdownRef}>
      <button
        type="button"
        className="icon-button nav-icon"
        aria-expanded={dropdownOpen}
        aria-controls={panelId}
        aria-describedby={count > 0 ? badgeId : undefined}
        onClick={toggleDropdown}
      >
        <BellIcon />
        <span className="visually-hidden">Notifications</span>
        <CountBadge id={badgeId} count={count} text={`${count} unread ${count === 1 ? 'notification' : 'notifications'}`} />
      </button>
      {dropdownOpen && (
        <div className="dropdown-panel dropdown-panel-wide" id={panelId}>
          <p className="dropdown-heading">Notifications</p>
          {matches.length === 0 ? (
            <p className="dropdown-empty">{TEXT.noNotifications}</p>
          ) : (
            <section className="dropdown-section" aria-label="Matches">
              <h3 className="dropdown-section-title">Matches</h3>
              <ul className="notification-list">
                {matches.slice(0, BELL_PER_SECTION).map((n) => (
                  <li key={n.matchId}>
                    <button type="button" className="notification-item" onClick={() => void openMatch(n.matchId)}>
                      <span className="notification-title">{n.title}</span>
                      <span className="notification-message">{n.message}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {matches.length > BELL_VIEW_ALL_ABOVE && (
                <Link to="/matches" className="dropdown-link" onClick={closeDropdown}>
                  View all
                </Link>
              )}
            </section>
          )}
        </div>
      )}
    </div>
  );
}
