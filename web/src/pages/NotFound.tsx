import { AppLink } from '../app/AppLink.tsx';
import { COMMON_MSG } from '#protocol/messages/common.ts';
import { PublicHeader } from '../components/PublicHeader.tsx';

/** `standalone` when shown outside the app shell (signed out): it brings the public header and its own <main>. */
export function NotFound({ standalone = false }: { standalone?: boolean }) {
  const content = (
    <div className="not-found">
      <h1>{COMMON_MSG.notFoundPage}</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <AppLink to="/" className="button button-primary">
        Go Home
      </AppLink>
    </div>
  );
  if (!standalone) return content;
  return (
    <div className="landing">
      <PublicHeader />
      <main className="page">{content}</main>
    </div>
  );
}
