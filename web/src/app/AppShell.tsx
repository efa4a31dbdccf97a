// The signed-in frame: top navigation with its status band, the screen, the forced profile-setup dialog, and the socket.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { ConfirmHost } from '../components/ConfirmHost.tsx';
import { StatusBand } from '../components/StatusBand.tsx';
import { useAdminNotificationStore } from '../stores/useAdminNotificationStore.ts';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useChainsStore } from '../stores/useChainsStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { LoadingView } from './LoadingView.tsx';
import { TopNav } from './TopNav.tsx';
import { lazyScreen, reloadForMissingChunk } from '../lib/lazyScreen.ts';

// Only a user without a profile needs the setup dialog: its code is fetched for them alone.
const ProfileSetupDialog = lazyScreen(() =>
  import('../components/ProfileSetupDialog.tsx').then((m) => ({ default: m.ProfileSetupDialog })),
);

/**
 * Keeps --app-top-height at the height of the header that stays at the top (navigation and status
 * band): the page's scroll-padding, so what the keyboard focuses is never scrolled under the header.
 */
function useHeaderHeight() {
  const [header, setHeader] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!header) return;
    const root = document.documentElement;
    const watch = new ResizeObserver(() => root.style.setProperty('--app-top-height', `${header.offsetHeight}px`));
    watch.observe(header);
    return () => {
      watch.disconnect();
      root.style.removeProperty('--app-top-height');
    };
  }, [header]);
  return setHeader;
}

/** `children`: the screen of the route shown (app/App.tsx). */
export default function AppShell({ children }: { children: ReactNode }) {
  const user = useSessionStore((s) => s.user);
  // Once the setup dialog has been submitted it stays up (showing its success view) until the reload.
  const [setupSubmitted, setSetupSubmitted] = useState(false);
  const header = useHeaderHeight();

  useEffect(() => {
    // The socket client and the event routing (which reaches every store) are a chunk of their own,
    // fetched once the frame has rendered: the first screen paints without them (docs/decisions/0032).
    let stopped = false;
    const realtime = import('../realtime/socket.ts');
    realtime.then(
      (r) => {
        if (!stopped) r.startRealtime();
      },
      // A deploy replaced the chunk this tab names: the page reloads once (lib/lazyScreen.ts).
      () => reloadForMissingChunk(),
    );
    void useBadgeStore.getState().fetch();
    void useNotificationStore.getState().fetch();
    void useAdminNotificationStore.getState().fetch();
    // The bell lists the chains awaiting an answer: loaded with the frame, kept fresh by 'chain:update'.
    void useChainsStore.getState().fetch();
    return () => {
      stopped = true;
      realtime.then(
        (r) => r.stopRealtime(),
        () => undefined,
      );
    };
  }, []);

  if (!user) return null;
  const needsSetup = !user.airline || !user.position;

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {/* The header that stays at the top: the navigation and, under it, the band of passing lines
          (toasts, uploads, the new version...) that the page makes room for (components/StatusBand.tsx). */}
      <div className="app-top" ref={header}>
        <TopNav user={user} />
        <StatusBand />
      </div>
      <main id="main" className="page" tabIndex={-1}>
        <Suspense fallback={<LoadingView />}>{children}</Suspense>
      </main>
      {(needsSetup || setupSubmitted) && (
        <Suspense fallback={null}>
          <ProfileSetupDialog user={user} onSubmitted={() => setSetupSubmitted(true)} />
        </Suspense>
      )}
      <ConfirmHost />
    </div>
  );
}
