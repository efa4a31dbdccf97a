// The bell: the count of what waits (match notifications by the server's count, unread trade-request
// notifications, chains waiting for the user's answer, an admin's unread entries), and its popover
// (NotificationPanel.tsx, with Radix), a chunk of its own fetched when a pointer or the focus reaches
// the bell and shown when it is used: the signed-in first screen carries none of it
// (docs/decisions/0032-light-sign-in-and-first-screen.md). The lists are refetched whenever it opens.
import { Suspense, useId, useState } from 'react';
import { CountBadge } from '../components/CountBadge.tsx';
import { BellIcon } from '../components/Icons.tsx';
import { lazyScreen } from '../lib/lazyScreen.ts';
import { useAdminNotificationStore } from '../stores/useAdminNotificationStore.ts';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { awaitsAnswer, useChainsStore } from '../stores/useChainsStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { useLoadOnIntent } from '../hooks/useLoadOnIntent.ts';

const loadPanel = () => import('./NotificationPanel.tsx');
const NotificationPanel = lazyScreen(loadPanel);

export function NotificationBell() {
  const matchCount = useNotificationStore((s) => s.matches.length);
  const offerCount = useNotificationStore((s) => s.offers.length);
  const adminCount = useAdminNotificationStore((s) => s.unread.length);
  const stats = useBadgeStore((s) => s.stats);
  const myId = useSessionStore((s) => s.user?.id);
  const chainCount = useChainsStore((s) => s.items.filter((c) => awaitsAnswer(c, myId)).length);
  const [open, setOpen] = useState(false);
  const { activated, warm, activate } = useLoadOnIntent(loadPanel);
  const badgeId = useId();
  // The server's count covers match notifications; unread trade-request ones and chains waiting for
  // the user's answer are added from the lists.
  const count = (stats?.unacknowledgedNotifications ?? matchCount) + offerCount + chainCount + adminCount;
  const describedBy = count > 0 ? badgeId : undefined;

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next) {
      void useNotificationStore.getState().fetch();
      void useAdminNotificationStore.getState().fetch();
      void useChainsStore.getState().fetch();
    }
  }

  const content = (
    <>
      <BellIcon />
      <span className="visually-hidden">Notifications</span>
      <CountBadge id={badgeId} count={count} text={`${count} unread ${count === 1 ? 'notification' : 'notifications'}`} />
    </>
  );
  const bell = (
    <button
      type="button"
      className="icon-button nav-icon"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-describedby={describedBy}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={() => {
        activate();
        onOpenChange(true);
      }}
    >
      {content}
    </button>
  );
  if (!activated) return bell;
  return (
    <Suspense fallback={bell}>
      <NotificationPanel open={open} onOpenChange={onOpenChange} trigger={content} describedBy={describedBy} />
    </Suspense>
  );
}
