// The router of the app (in place of React Router's BrowserRouter): the location follows the tab's
// history (lib/browserHistory.ts) in a transition, as React Router's did, so a screen whose chunk is
// still loading leaves the one shown in place instead of flashing the loading view; wouter matches the
// route table (app/App.tsx) against it.
import { startTransition, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { Router } from 'wouter';
import { currentLocation, navigate, subscribe } from '../lib/browserHistory.ts';
import { LocationContext } from './routerLocation.ts';

/** wouter's location hook: the path of the location shown, and the app's navigation. */
function useRoutedPath(): [string, typeof navigate] {
  return [useContext(LocationContext)?.pathname ?? '/', navigate];
}

export function AppRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(currentLocation);
  useLayoutEffect(() => {
    const follow = () => startTransition(() => setLocation(currentLocation()));
    const stop = subscribe(follow);
    // A change between the first render and now (a redirect of the first render) is not lost.
    follow();
    return stop;
  }, []);
  return (
    <LocationContext.Provider value={location}>
      <Router hook={useRoutedPath}>{children}</Router>
    </LocationContext.Provider>
  );
}
