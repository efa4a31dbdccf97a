// The location the routed app renders: the router's (app/AppRouter.tsx), which follows the tab's
// history in a transition, so a screen still loading leaves the one shown in place; the prerender
// (web/build/prerender-plugin.ts) provides the page's own.
import { createContext, useContext } from 'react';
import type { AppLocation } from '../lib/browserHistory.ts';

export const LocationContext = createContext<AppLocation | null>(null);

export function useLocation(): AppLocation {
  const location = useContext(LocationContext);
  if (!location) throw new Error('useLocation() is used outside the router (app/AppRouter.tsx)');
  return location;
}
