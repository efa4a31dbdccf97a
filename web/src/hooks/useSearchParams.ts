// The query string of the location shown, and a setter that replaces it on the same path (the tab of a
// screen, e.g. /trades?tab=pending).
import { useMemo } from 'react';
import { navigate, type NavigateOptions } from '../lib/browserHistory.ts';
import { useLocation } from '../app/routerLocation.ts';

export function useSearchParams(): [URLSearchParams, (next: Record<string, string>, options?: NavigateOptions) => void] {
  const { pathname, search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = (next: Record<string, string>, options?: NavigateOptions) => {
    const query = new URLSearchParams(next).toString();
    navigate(query ? `${pathname}?${query}` : pathname, options);
  };
  return [params, set];
}
