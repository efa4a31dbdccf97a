// A link that works before the router has loaded: a plain <a href> (the prerendered landing page is
// usable with no script at all), which, once a navigate function is provided, moves inside the app
// without a page load (the router's, provided by App). The prerendered landing page has no React at
// all: its links are handed to the app by the landing entry (web/src/landing.ts).
import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

export const NavigateContext = createContext<((to: string) => void) | null>(null);

type Props = { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

export function AppLink({ to, onClick, ...rest }: Props) {
  const navigate = useContext(NavigateContext);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A modified or middle click opens a tab as any link does.
    if (!navigate || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
