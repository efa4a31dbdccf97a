// The bell's popover: up to 3 items per section. Clicking a match notification acknowledges it (it
// leaves the list; the count follows by socket) and opens /matches. Admins also see their unread admin
// entries (new support requests): clicking one marks it read and opens the Support tab. Clicking a
// trade-request notification marks it read and opens the Trades tab it concerns (a new offer:
// requests; an answer to one the user sent: approved). Three-way trade chains waiting for the user's
// answer come from the chains store (live by 'chain:update') and open /matches, where they are
// answered; they leave the bell once answered or ended. Radix Popover moves the focus in, closes on
// Escape or a click outside, and gives the focus back to the bell. A chunk of its own, loaded when
// the bell is first used (NotificationBell.tsx, docs/decisions/0032-light-sign-in-and-first-screen.md).
import * as Popover from '@radix-ui/react-popover';
import { useMemo, type ReactNode } from 'react';
import { AppLink } from './AppLink.tsx';
import { navigate } from '../lib/browserHistory.ts';
import { BELL_PER_SECTION, BELL_VIEW_ALL_ABOVE } from '#protocol/limits.ts';
import type { AdminNotificationItem, OfferNotificationItem } from '#protocol/shapes.ts';
import { chainBellMessage, chainTitle } from '../lib/chainText.ts';
import { newestFirst } from '../lib/format.ts';
import { useAdminNotificationStore } from '../stores/useAdminNotificationStore.ts';
import { awaitsAnswer, useChainsStore } from '../stores/useChainsStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { CHAINS_TEXT } from '../texts/chains.ts';
import { SHELL_TEXT } from '../texts/shell.ts';

/** The Trades tab an offer notification concerns. */
const offerTab = (n: OfferNotificationItem) => (n.type === 'trade_response' ? 'approved' : 'requests');

/** One section of the popover: its first BELL_PER_SECTION items, each a button; nothing when empty. */
function BellSection<T extends { title: string; message: string }>(props: {
  title: string;
  items: readonly T[];
  keyOf: (item: T) => number;
  onOpen: (item: T) => void;
  children?: ReactNode;
}) {
  if (props.items.length === 0) return null;
  return (
    <section className="dropdown-section" aria-label={props.title}>
      <h3 className="dropdown-section-title">{props.title}</h3>
      <ul className="notification-list">
        {props.items.slice(0, BELL_PER_SECTION).map((n) => (
          <li key={props.keyOf(n)}>
            <button type="button" className="notification-item" onClick={() => props.onOpen(n)}>
              <span className="notification-title">{n.title}</span>
              <span className="notification-message">{n.message}</span>
            </button>
          </li>
        ))}
      </ul>
      {props.children}
    </section>
  );
}

export interface NotificationPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell's own content (icon, name, count), the same as before the panel loaded. */
  trigger: ReactNode;
  describedBy: string | undefined;
}

export default function NotificationPanel({ open, onOpenChange, trigger, describedBy }: NotificationPanelProps) {
  const matches = useNotificationStore((s) => s.matches);
  const offers = useNotificationStore((s) => s.offers);
  const acknowledge = useNotificationStore((s) => s.acknowledge);
  const markOfferRead = useNotificationStore((s) => s.markOfferRead);
  const adminItems = useAdminNotificationStore((s) => s.unread);
  const allChains = useChainsStore((s) => s.items);
  const myId = useSessionStore((s) => s.user?.id);
  const chains = useMemo(
    () =>
      allChains
        .filter((c) => awaitsAnswer(c, myId))
        .sort(newestFirst)
        .map((c) => ({ id: c.id, title: chainTitle(c, myId), message: chainBellMessage(c, myId) })),
    [allChains, myId],
  );
  const closeDropdown = () => onOpenChange(false);

  function openChain() {
    closeDropdown();
    navigate('/matches');
  }

  function openAdmin(n: AdminNotificationItem) {
    closeDropdown();
    void useAdminNotificationStore
      .getState()
      .markRead(n.id)
      .catch(() => undefined);
    navigate('/admin-panel?tab=support');
  }

  function openOffer(n: OfferNotificationItem) {
    closeDropdown();
    void markOfferRead(n.tradeRequestId);
    navigate(`/trades?tab=${offerTab(n)}`);
  }

  async function openMatch(matchId: number) {
    closeDropdown();
    try {
      await acknowledge(matchId);
    } catch {
      // Gone meanwhile (its request was deleted): the store has reloaded the list; /matches shows what is left.
    }
    navigate('/matches');
  }

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger className="icon-button nav-icon" aria-describedby={describedBy}>
        {trigger}
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
          <BellSection title="Admin" items={adminItems} keyOf={(n) => n.id} onOpen={openAdmin} />
          <BellSection title="Trade Requests" items={offers} keyOf={(n) => n.id} onOpen={openOffer} />
          <BellSection title={CHAINS_TEXT.chainBellSection} items={chains} keyOf={(n) => n.id} onOpen={openChain} />
          {matches.length === 0 && offers.length === 0 && chains.length === 0 && adminItems.length === 0 && (
            <p className="dropdown-empty">{SHELL_TEXT.noNotifications}</p>
          )}
          <BellSection title="Matches" items={matches} keyOf={(n) => n.matchId} onOpen={(n) => void openMatch(n.matchId)}>
            {matches.length > BELL_VIEW_ALL_ABOVE && (
              <AppLink to="/matches" className="dropdown-link" onClick={closeDropdown}>
                View all
              </AppLink>
            )}
          </BellSection>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
