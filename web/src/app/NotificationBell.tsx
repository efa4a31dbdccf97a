// The bell: unacknowledged count and a popover with up to 3 items per section. Clicking a match
// notification acknowledges it (it leaves the list; the count follows by socket) and opens /matches. Radix Popover moves the
// focus in, closes on Escape or a click outside, and gives the focus back to the bell.
import * as Popover from '@radix-ui/react-popover';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BELL_PER_SECTION, BELL_VIEW_ALL_ABOVE } from '#protocol/limits.ts';
import { CountBadge } from '../components/CountBadge.tsx';
import { BellIcon } from '../components/Icons.tsx';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { TEXT } from '../texts.ts';

export function NotificationBell() {
  const matches = useNotificationStore((s) => s.matches);
  const acknowledge = useNotificationStore((s) => s.acknowledge);
  const stats = useBadgeStore((s) => s.stats);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const badgeId = useId();
  const closeDropdown = () => setOpen(false);
  const count = stats?.unacknowledgedNotifications ?? matches.length;

  async function openMatch(matchId: number) {
    closeDropdown();
    try {
      await acknowledge(matchId);
    } catch {
      // Gone meanwhile (its request was deleted): the store has reloaded the list; /matches shows what is left.
    }
    void navigate('/matches');
  }

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger className="icon-button nav-icon" aria-describedby={count > 0 ? badgeId : undefined}>
        <BellIcon />
        <span className="visually-hidden">Notifications</span>
        <CountBadge id={badgeId} count={count} text={`${count} unread ${count === 1 ? 'notification' : 'notifications'}`} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className="popover-panel popover-panel-wide"
          aria-label="Notifications"
          align="end"
          sideOffset={8}
          collisionPadding={8}
        >
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
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
