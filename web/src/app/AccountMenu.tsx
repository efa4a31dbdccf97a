// The avatar button of the top navigation. Its menu (AccountMenuPanel.tsx, with Radix) is a chunk of
// its own, fetched when a pointer or the focus reaches the avatar and shown, open, when it is used:
// the signed-in first screen carries none of it (docs/decisions/0032-light-sign-in-and-first-screen.md).
import { Suspense } from 'react';
import type { CurrentUser } from '#protocol/shapes.ts';
import { initials } from '../lib/format.ts';
import { lazyScreen } from '../lib/lazyScreen.ts';
import { useLoadOnIntent } from '../hooks/useLoadOnIntent.ts';

const loadPanel = () => import('./AccountMenuPanel.tsx');
const AccountMenuPanel = lazyScreen(loadPanel);

/** The avatar's content, the same before and after the menu loads. */
export function AvatarLabel({ user }: { user: CurrentUser }) {
  return (
    <>
      {/* The name is the hidden text: an aria-label would contradict the visible initials. */}
      <span aria-hidden="true">{initials(user)}</span>
      <span className="visually-hidden">Account menu</span>
    </>
  );
}

export function AccountMenu({ user }: { user: CurrentUser }) {
  const { activated, warm, activate } = useLoadOnIntent(loadPanel);
  const avatar = (
    <button
      type="button"
      className="avatar-button"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={warm}
      onFocus={warm}
      onClick={activate}
    >
      <AvatarLabel user={user} />
    </button>
  );
  if (!activated) return avatar;
  return (
    <Suspense fallback={avatar}>
      <AccountMenuPanel user={user} />
    </Suspense>
  );
}
