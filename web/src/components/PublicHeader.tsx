// The signed-out header: the brand (home) and the way in. Shared by the landing and not-found
// pages; small and in the first chunk with them, so its links do not need the router.
import { AppLink } from '../app/AppLink.tsx';
import { PUBLIC_TEXT } from '../texts/public.ts';

export function PublicHeader({ showSignIn = true }: { showSignIn?: boolean }) {
  return (
    <header className="landing-header">
      <AppLink to="/" className="brand">
        <span className="brand-mark" aria-hidden="true">
          C
        </span>
        Crewtrade
      </AppLink>
      {showSignIn && (
        <AppLink to="/login" className="button button-outline button-sm">
          {PUBLIC_TEXT.signIn}
        </AppLink>
      )}
    </header>
  );
}
