// User Activity (docs/product-spec.md section 2): totals per activity type, the Monthly Activity Breakdown, and the
// newest 50 entries. Counted by the server in SQL; this screen only lays them out.
import { useEffect, useMemo } from 'react';
import { ADMIN_MSG } from '#protocol/messages/admin.ts';
import type { ActivityLogItem, MonthlyActivityStat } from '#protocol/shapes.ts';
import { fullName } from '../../lib/format.ts';
import { useAdminActivityStore } from '../../stores/useAdminStore.ts';
import { toast } from '../../stores/useToastStore.ts';
import { ADMIN_TEXT } from '../../texts/admin.ts';
import { COMMON_TEXT } from '../../texts/common.ts';
import { activityLabel, metadataText, monthLabel, shortDateTime } from './adminFormat.ts';

function ActivityEntry({ entry }: { entry: ActivityLogItem }) {
  const meta = metadataText(entry.metadata);
  return (
    <li className="activity-entry">
      <div className="activity-entry-main">
        <span className="person-name">{entry.user ? fullName(entry.user) : ADMIN_TEXT.unknownUser}</span>
        <span className="activity-label">{activityLabel(entry.activityType)}</span>
        {entry.targetUser && <span className="muted">with {fullName(entry.targetUser)}</span>}
      </div>
      <div className="activity-entry-meta">
        <span className="muted">{shortDateTime(entry.createdAt)}</span>
        {entry.emailType && (
          <span className={`badge ${entry.emailSent ? 'badge-completed' : 'badge-red'}`}>
            {entry.emailSent ? 'Email Sent' : 'Email Failed'}
          </span>
        )}
        {entry.emailRecipient && <span className="muted break-anywhere">{entry.emailRecipient}</span>}
        {meta && <span className="muted break-anywhere">{meta}</span>}
      </div>
    </li>
  );
}

/** Months newest first, each with its types. */
function byMonth(stats: readonly MonthlyActivityStat[]): [string, MonthlyActivityStat[]][] {
  const months = new Map<string, MonthlyActivityStat[]>();
  for (const s of stats) months.set(s.month, [...(months.get(s.month) ?? []), s]);
  return [...months.entries()].sort(([a], [b]) => (a < b ? 1 : -1));
}

export function UserActivityTab() {
  const { report, error } = useAdminActivityStore();
  const months = useMemo(() => byMonth(report?.stats.monthlyStats ?? []), [report]);

  useEffect(() => {
    useAdminActivityStore
      .getState()
      .fetch()
      .catch(() => toast({ title: COMMON_TEXT.errorTitle, description: ADMIN_MSG.activityFetchFailed, variant: 'destructive' }));
  }, []);

  if (!report) {
    return (
      <section className="card admin-section">
        {error ? (
          <p>{ADMIN_MSG.activityFetchFailed}</p>
        ) : (
          <p className="muted" role="status">
            {ADMIN_MSG.loadingUserActivity}
          </p>
        )}
      </section>
    );
  }
  if (report.logs.length === 0 && report.stats.totalStats.length === 0) {
    return <p className="card empty-state">{ADMIN_MSG.noUserActivity}</p>;
  }
  return (
    <div className="admin-activity">
      <div className="stat-grid activity-totals">
        {report.stats.totalStats.map((t) => (
          <div key={t.activityType} className="stat-card">
            <span className="stat-label">{activityLabel(t.activityType)}</span>
            <span className="stat-value">{t.count.toLocaleString('en-US')}</span>
            {t.activityType === 'email_sent' && <span className="muted">{t.emailsSent.toLocaleString('en-US')} delivered</span>}
          </div>
        ))}
      </div>

      <section className="card admin-section" aria-labelledby="monthly-heading">
        <h2 id="monthly-heading">{ADMIN_TEXT.monthlyBreakdown}</h2>
        <ul className="month-list">
          {months.map(([month, types]) => (
            <li key={month} className="month-row">
              <h3 className="month-label">{monthLabel(month)}</h3>
              <ul className="month-types">
                {types.map((t) => (
                  <li key={t.activityType}>
                    <span>{activityLabel(t.activityType)}</span> <strong>{t.count.toLocaleString('en-US')}</strong>
                    {t.activityType === 'email_sent' && <span className="muted"> ({t.emailsSent.toLocaleString('en-US')} sent)</span>}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>

      <section className="card admin-section" aria-labelledby="recent-heading">
        <h2 id="recent-heading">{ADMIN_TEXT.recentActivity}</h2>
        {report.logs.length === 0 ? (
          <p className="muted">{ADMIN_MSG.noUserActivity}</p>
        ) : (
          <ul className="activity-list">
            {report.logs.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
