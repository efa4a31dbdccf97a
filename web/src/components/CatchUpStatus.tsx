// Says when the app is catching up after a reconnect (stores/refetch.ts, issue 40): "Catching up…"
// while a refetch failed once and waits to try again, or has taken over a second; when one gave up
// after its last try, that what shows may be out of date, with Try again.
import { useEffect, useState } from 'react';
import { useCatchUpStore } from '../stores/refetch.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { SHELL_TEXT } from '../texts/shell.ts';

/** A refetch that answers within this says nothing. */
const QUIET_MS = 1000;

export function CatchUpStatus() {
  const busy = useCatchUpStore((s) => s.running > 0);
  const retrying = useCatchUpStore((s) => s.retrying > 0);
  const failed = useCatchUpStore((s) => s.failed.size > 0);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setSlow(true), QUIET_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [busy]);

  if (busy && (retrying || slow)) {
    return (
      <div className="catch-up-status" role="status">
        <span className="catch-up-spinner" aria-hidden="true" />
        {SHELL_TEXT.catchingUp}
      </div>
    );
  }
  if (!busy && failed) {
    return (
      <div className="catch-up-status is-failed" role="status">
        <span>{SHELL_TEXT.catchUpFailed}</span>
        <button type="button" className="button button-outline button-sm" onClick={() => useCatchUpStore.getState().tryAgain()}>
          {COMMON_TEXT.tryAgain}
        </button>
      </div>
    );
  }
  return null;
}
