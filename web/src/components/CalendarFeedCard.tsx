// Profile Settings: the private calendar address (docs/decisions/0013). Made on request, shown once with
// Copy, replaceable and revocable; how to subscribe in the common calendar apps.
import { useEffect } from 'react';
import { useToastAction } from '../hooks/useToastAction.ts';
import { formatDate } from '../lib/format.ts';
import { useCalendarFeedStore } from '../stores/useCalendarFeedStore.ts';
import { toast } from '../stores/useToastStore.ts';
import { TEXT } from '../texts.ts';
import { SettingsCard } from './SettingsCard.tsx';

export function CalendarFeedCard() {
  const info = useCalendarFeedStore((s) => s.info);
  const { busy, run: runAction } = useToastAction(TEXT.calendarFailed);

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
      toast({ title: TEXT.calendarCopied });
    } catch {
      toast({ title: TEXT.errorTitle, description: TEXT.calendarCopyFailed, variant: 'destructive' });
    }
  }

  const store = useCalendarFeedStore.getState();
  return (
    <SettingsCard headingId="calendar-heading" title={TEXT.calendarTitle} intro={TEXT.calendarIntro}>
      {info?.url && (
        <div className="field">
          <label htmlFor="calendar-url">{TEXT.calendarAddress}</label>
          <input id="calendar-url" readOnly value={info.url} onFocus={(e) => e.currentTarget.select()} />
          <p className="field-hint">{TEXT.calendarOnce}</p>
        </div>
      )}
      {info?.enabled && !info.url && info.createdAt && (
        <p className="muted">{`${TEXT.calendarActiveSince} ${formatDate(info.createdAt)}`}</p>
      )}
      <div className="row-actions">
        {info?.url && (
          <button type="button" className="button button-primary button-sm" onClick={() => void copy(info.url!)}>
            {TEXT.copy}
          </button>
        )}
        <button
          type="button"
          className="button button-outline button-sm"
          disabled={busy}
          onClick={() => void run(store.create, TEXT.calendarCreated)}
        >
          {info?.enabled ? TEXT.calendarReplace : TEXT.calendarCreate}
        </button>
        {info?.enabled && (
          <button
            type="button"
            className="button button-danger-outline button-sm"
            disabled={busy}
            onClick={() => void run(store.revoke, TEXT.calendarRevoked)}
          >
            {TEXT.revoke}
          </button>
        )}
      </div>
      <details className="calendar-help">
        <summary>{TEXT.calendarHowTo}</summary>
        <ul>
          <li>{TEXT.calendarGoogle}</li>
          <li>{TEXT.calendarApple}</li>
          <li>{TEXT.calendarOutlook}</li>
        </ul>
      </details>
    </SettingsCard>
  );
}
