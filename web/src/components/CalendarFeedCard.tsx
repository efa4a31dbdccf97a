// Profile Settings: the private calendar address (docs/decisions/0013). Made on request, shown once with
// Copy, replaceable and revocable; how to subscribe in the common calendar apps.
import { useEffect } from 'react';
import { useToastAction } from '../hooks/useToastAction.ts';
import { formatDate } from '../lib/format.ts';
import { useCalendarFeedStore } from '../stores/useCalendarFeedStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { COMMON_TEXT } from '../texts/common.ts';
import { SETTINGS_TEXT } from '../texts/settings.ts';
import { SettingsCard } from './SettingsCard.tsx';

export function CalendarFeedCard() {
  const info = useCalendarFeedStore((s) => s.info);
  const { busy, run: runAction } = useToastAction(SETTINGS_TEXT.calendarFailed);

  useEffect(() => {
    void useCalendarFeedStore
      .getState()
      .fetch()
      .catch(() => undefined);
  }, []);

  const run = (action: () => Promise<void>, done: string) =>
    runAction(async () => {
      await action();
      return done;
    });

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: SETTINGS_TEXT.calendarCopied });
    } catch {
      toast({ title: COMMON_TEXT.errorTitle, description: SETTINGS_TEXT.calendarCopyFailed, variant: 'destructive' });
    }
  }

  const store = useCalendarFeedStore.getState();
  return (
    <SettingsCard headingId="calendar-heading" title={SETTINGS_TEXT.calendarTitle} intro={SETTINGS_TEXT.calendarIntro}>
      {info?.url && (
        <div className="field">
          <label htmlFor="calendar-url">{SETTINGS_TEXT.calendarAddress}</label>
          <input id="calendar-url" readOnly value={info.url} onFocus={(e) => e.currentTarget.select()} />
          <p className="field-hint">{SETTINGS_TEXT.calendarOnce}</p>
        </div>
      )}
      {info?.enabled && !info.url && info.createdAt && (
        <p className="muted">{`${SETTINGS_TEXT.calendarActiveSince} ${formatDate(info.createdAt)}`}</p>
      )}
      <div className="row-actions">
        {info?.url && (
          <button type="button" className="button button-primary button-sm" onClick={() => void copy(info.url!)}>
            {SETTINGS_TEXT.copy}
          </button>
        )}
        <button
          type="button"
          className="button button-outline button-sm"
          disabled={busy}
          onClick={() => void run(store.create, SETTINGS_TEXT.calendarCreated)}
        >
          {info?.enabled ? SETTINGS_TEXT.calendarReplace : SETTINGS_TEXT.calendarCreate}
        </button>
        {info?.enabled && (
          <button
            type="button"
            className="button button-danger-outline button-sm"
            disabled={busy}
            onClick={() => void run(store.revoke, SETTINGS_TEXT.calendarRevoked)}
          >
            {SETTINGS_TEXT.revoke}
          </button>
        )}
      </div>
      <details className="calendar-help">
        <summary>{SETTINGS_TEXT.calendarHowTo}</summary>
        <ul>
          <li>{SETTINGS_TEXT.calendarGoogle}</li>
          <li>{SETTINGS_TEXT.calendarApple}</li>
          <li>{SETTINGS_TEXT.calendarOutlook}</li>
        </ul>
      </details>
    </SettingsCard>
  );
}
