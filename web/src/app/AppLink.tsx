// The app's link, which works before the router has loaded: a plain <a href> (the prerendered pages are
// usable with no script at all), which, once a navigate function is provided (App provides the
// router's), moves inside the app without a page load. The prerendered landing page has no React at
// all: its links are handed to the app by the landing entry (web/src/landing.ts).
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export const NavigateContext = createContext<((to: string, options?: { replace?: boolean }) => void) | null>(null);

export type AppLinkProps = { to: string; replace?: boolean } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export function AppLink({ to, replace, onClick, ...rest }: AppLinkProps) {
  const navigate = useContext(NavigateContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A modified or middle click, or a link to another window, opens it as any link does.
    if (!navigate || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    if (rest.target && rest.target !== '_self') return;
    event.preventDefault();
    // A link to the page shown adds no history entry (as React Router's links did).
    const { pathname, search, hash } = window.location;
    navigate(to, { replace: replace ?? pathname + search + hash === to });
  };
  return <a href={to} onClick={follow} {...rest} />;
}
