// The signed-in frame: top navigation, the screen, the forced profile-setup dialog, and the socket.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { CatchUpStatus } from '../components/CatchUpStatus.tsx';
import { ConfirmHost } from '../components/ConfirmHost.tsx';
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

/** `children`: the screen of the route shown (app/App.tsx). */
export default function AppShell({ children }: { children: ReactNode }) {
  const user = useSessionStore((s) => s.user);
  // Once the setup dialog has been submitted it stays up (showing its success view) until the reload.
  const [setupSubmitted, setSetupSubmitted] = useState(false);

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
      realtime.then((r) => r.stopRealtime(), () => undefined);
    };
  }, []);

  if (!user) return null;
  const needsSetup = !user.airline || !user.position;

  return (
    <div className="app-shell">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <TopNav user={user} />
      <main id="main" className="page" tabIndex={-1}>
        <Suspense fallback={<LoadingView />}>
          {children}
        </Suspense>
      </main>
      {(needsSetup || setupSubmitted) && (
        <Suspense fallback={null}>
          <ProfileSetupDialog user={user} onSubmitted={() => setSetupSubmitted(true)} />
        </Suspense>
      )}
      <ConfirmHost />
      <CatchUpStatus />
    </div>
  );
}
