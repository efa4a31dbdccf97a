// The first component rendered. On "/" for a visitor not known to be signed in, the server sent the
// landing page prerendered (web/build/prerender-plugin.ts): it is hydrated as it is, with no router,
// stores or signed-in screens loaded (docs/decisions/0030-light-signed-out-entry.md). Anything else
// (another path, a session that turns out signed in, a click on one of the landing's links) loads
// the routed app, which has every route, the landing page included.
import { Suspense, useState } from 'react';
import { lazyScreen } from '../lib/lazyScreen.ts';
import { Landing } from '../pages/Landing.tsx';
import { useSessionStore } from '../stores/useSessionStore.ts';
import { NavigateContext } from './AppLink.tsx';
import { LoadingView } from './LoadingView.tsx';

const RoutedApp = lazyScreen(() => import('./RoutedApp.tsx'));

export function Entry({ prerendered }: { prerendered: boolean }) {
  const signedIn = useSessionStore((s) => s.user !== null);
  const [onLanding, setOnLanding] = useState(prerendered);
  if (onLanding && !signedIn) {
    const leave = (to: string) => {
      window.history.pushState(null, '', to);
      setOnLanding(false);
    };
    return (
      <NavigateContext value={leave}>
        <Landing />
      </NavigateContext>
    );
  }
  return (
    <Suspense fallback={<LoadingView />}>
      <RoutedApp />
    </Suspense>
  );
}
