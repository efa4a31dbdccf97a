// Profile Settings: push notifications on this device (docs/decisions/0013). Off until turned on here; a test
// notification once on. Says why when the browser cannot, or the user has blocked notifications.
import { useEffect } from 'react';
import { useToastAction } from '../hooks/useToastAction.ts';
import { usePushStore } from '../stores/usePushStore.ts';
import { TEXT } from '../texts.ts';
import { SwitchRow } from './SwitchRow.tsx';
import { SettingsCard } from './SettingsCard.tsx';

export function PushCard() {
  const { support, subscribed, devices } = usePushStore();
  const { busy, run } = useToastAction(TEXT.pushFailed);

  useEffect(() => {
    void usePushStore
      .getState()
      .load()
      .catch(() => undefined);
  }, []);

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
    <SettingsCard headingId="push-heading" title={TEXT.pushTitle} intro={TEXT.pushIntro}>
      {support === 'unsupported' && <p className="muted small">{TEXT.pushUnsupported}</p>}
      {support === 'blocked' && <p className="muted small">{TEXT.pushBlocked}</p>}
      {support !== 'unsupported' && support !== null && (
        <SwitchRow
          label={TEXT.pushToggle}
          checked={subscribed}
          disabled={busy || (support === 'blocked' && !subscribed)}
          onToggle={() => void toggle()}
        />
      )}
      {devices > 0 && <p className="muted small">{TEXT.pushDevices(devices)}</p>}
      {subscribed && (
        <div className="row-actions">
          <button type="button" className="button button-outline button-sm" disabled={busy} onClick={() => void test()}>
            {TEXT.pushTest}
          </button>
        </div>
      )}
    </SettingsCard>
  );
}
