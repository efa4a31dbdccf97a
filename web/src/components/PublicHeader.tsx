// The signed-out header: the brand (home) and the way in. Shared by the landing and not-found
// pages; small and in the first chunk with them.
import { Link } from 'react-router';
import { TEXT } from '../texts.ts';

export function PublicHeader({ showSignIn = true }: { showSignIn?: boolean }) {
  return (
    <header className="landing-header">
      <Link to="/" className="brand">
        <span className="brand-mark" aria-hidden="true">
          C
        </span>
        Crewtrade
      </Link>
      {showSignIn && (
        <Link to="/login" className="button button-outline button-sm">
          {TEXT.signIn}
        </Link>
      )}
    </header>
  );
}
