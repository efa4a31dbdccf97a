// Profile Settings: push notifications on this device (issue 14). Off until turned on here; a test
// notification once on. Says why when the browser cannot, or the user has blocked notifications.
import { useEffect, useId, useState } from 'react';
import { serverMessage } from '../api/client.ts';
import { usePushStore } from '../stores/usePushStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { TEXT } from '../texts.ts';

export function PushCard() {
  const labelId = useId();
  const { support, subscribed, devices } = usePushStore();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void usePushStore
      .getState()
      .load()
      .catch(() => undefined);
  }, []);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      toast({ title: await action() });
    } catch (err) {
      const description = serverMessage(err) ?? (err instanceof Error && !err.message.includes(':') ? err.message : TEXT.pushFailed);
      toast({ title: TEXT.errorTitle, description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const store = usePushStore.getState();
  const toggle = () =>
    run(async () => {
      if (subscribed) {
        await store.disable();
        return TEXT.pushOff;
      }
      await store.enable();
      return TEXT.pushOn;
    });
  const test = () =>
    run(async () => {
      const sent = await store.test();
      if (sent === 0) throw new Error(TEXT.pushTestNone);
      return TEXT.pushTestSent(sent);
    });

  return (
    <section className="card stack" aria-labelledby="push-heading">
      <h2 id="push-heading" className="card-title">
        {TEXT.pushTitle}
      </h2>
      <p className="card-subtitle">{TEXT.pushIntro}</p>
      {support === 'unsupported' && <p className="muted small">{TEXT.pushUnsupported}</p>}
      {support === 'blocked' && <p className="muted small">{TEXT.pushBlocked}</p>}
      {support !== 'unsupported' && support !== null && (
        <div className="switch-row">
          <p id={labelId} className="switch-label">
            {TEXT.pushToggle}
          </p>
          <div className="switch-control">
            <span className="switch-state" aria-hidden="true">
              {subscribed ? 'On' : 'Off'}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={subscribed}
              aria-labelledby={labelId}
              className="switch"
              disabled={busy || (support === 'blocked' && !subscribed)}
              onClick={() => void toggle()}
            >
              <span className="switch-thumb" />
            </button>
          </div>
        </div>
      )}
      {devices > 0 && <p className="muted small">{TEXT.pushDevices(devices)}</p>}
      {subscribed && (
        <div className="row-actions">
          <button type="button" className="button button-outline button-sm" disabled={busy} onClick={() => void test()}>
            {TEXT.pushTest}
          </button>
        </div>
      )}
    </section>
  );
}
