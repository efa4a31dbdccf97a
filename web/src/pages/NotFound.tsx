import { Link } from 'react-router';
import { MSG } from '../../../protocol/messages.ts';

/** `standalone` when shown outside the app shell (signed out), which supplies no <main>. */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const content = (
    <div className="not-found">
      <h1>{MSG.notFoundPage}</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="button button-primary">
        Go Home
      </Link>
    </div>
  );
  return standalone ? <main className="page">{content}</main> : content;
}
