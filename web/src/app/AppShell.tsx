// The signed-in frame: top navigation, the screen, the forced profile-setup dialog, and the socket.
import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { ConfirmHost } from '../components/ConfirmHost.tsx';
import { startRealtime, stopRealtime } from '../realtime/socket.ts';
import { useAdminNotificationStore } from '../stores/useAdminNotificationStore.ts';
import { useBadgeStore } from '../stores/useBadgeStore.ts';
import { useChainsStore } from '../stores/useChainsStore.ts';
import { useNotificationStore } from '../stores/useNotificationStore.ts';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { LoadingView } from './LoadingView.tsx';
import { TopNav } from './TopNav.tsx';
import { lazyScreen } from '../lib/lazyScreen.ts';

// Only a user without a profile needs the setup dialog: its code is fetched for them alone.
const ProfileSetupDialog = lazyScreen(() =>
  import('../components/ProfileSetupDialog.tsx').then((m) => ({ default: m.ProfileSetupDialog })),
);

export default function AppShell() {
  const user = useSessionStore((s) => s.user);
  // Once the setup dialog has been submitted it stays up (showing its success view) until the reload.
  const [setupSubmitted, setSetupSubmitted] = useState(false);

  useEffect(() => {
    startRealtime();
    void useBadgeStore.getState().fetch();
    void useNotificationStore.getState().fetch();
    void useAdminNotificationStore.getState().fetch();
    // The bell lists the chains awaiting an answer: loaded with the frame, kept fresh by 'chain:update'.
    void useChainsStore.getState().fetch();
    return () => stopRealtime();
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
          <Outlet />
        </Suspense>
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
