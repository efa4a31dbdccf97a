// A link of the main navigation that shows whether its screen is the one shown: class "active" and
// aria-current="page" (as React Router's NavLink did). `end`: only its own path, not the paths below it.
import { AppLink, type AppLinkProps } from './AppLink.tsx';
import { useLocation } from './routerLocation.ts';

/** Whether `to` is `pathname` or, unless `end`, a path above it (case-insensitive, as the routes match). */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const path = to.toLowerCase();
  const slash = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  return here === path || (!end && here.startsWith(path) && here.charAt(slash) === '/');
}

export function NavLink({ end, className, ...rest }: AppLinkProps & { end?: boolean }) {
  const active = isActivePath(rest.to, useLocation().pathname, end);
  return (
    <AppLink
      {...rest}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : null].filter(Boolean).join(' ')}
    />
  );
}
