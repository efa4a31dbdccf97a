// Profile Settings: push notifications on this device (docs/decisions/0013). Off until turned on here; a test
// notification once on. Says why when the browser cannot, or the user has blocked notifications.
import { useEffect } from 'react';
import { useToastAction } from '../hooks/useToastAction.ts';
import { usePushStore } from '../stores/usePushStore.ts';
import { SETTINGS_TEXT } from '../texts/settings.ts';
import { SwitchRow } from './SwitchRow.tsx';
import { SettingsCard } from './SettingsCard.tsx';

export function PushCard() {
  const { support, subscribed, devices } = usePushStore();
  const { busy, run } = useToastAction(SETTINGS_TEXT.pushFailed);

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
        return SETTINGS_TEXT.pushOff;
      }
      await store.enable();
      return SETTINGS_TEXT.pushOn;
    });
  const test = () =>
    run(async () => {
      const sent = await store.test();
      if (sent === 0) throw new Error(SETTINGS_TEXT.pushTestNone);
      return SETTINGS_TEXT.pushTestSent(sent);
    });

  return (
    <SettingsCard headingId="push-heading" title={SETTINGS_TEXT.pushTitle} intro={SETTINGS_TEXT.pushIntro}>
      {support === 'unsupported' && <p className="muted small">{SETTINGS_TEXT.pushUnsupported}</p>}
      {support === 'blocked' && <p className="muted small">{SETTINGS_TEXT.pushBlocked}</p>}
      {support !== 'unsupported' && support !== null && (
        <SwitchRow
          label={SETTINGS_TEXT.pushToggle}
          checked={subscribed}
          disabled={busy || (support === 'blocked' && !subscribed)}
          onToggle={() => void toggle()}
        />
      )}
      {devices > 0 && <p className="muted small">{SETTINGS_TEXT.pushDevices(devices)}</p>}
      {subscribed && (
        <div className="row-actions">
          <button type="button" className="button button-outline button-sm" disabled={busy} onClick={() => void test()}>
            {SETTINGS_TEXT.pushTest}
          </button>
        </div>
      )}
    </SettingsCard>
  );
}
