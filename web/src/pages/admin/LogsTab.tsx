// System Activity (docs/product-spec.md section 2): every admin action, newest first, with both people and the
// details the log's JSON holds (a dash when it does not parse).
import { newestFirst } from '../../lib/format.ts';
import { ADMIN_MSG } from '#protocol/messages/admin.ts';
import type { AdminLogItem } from '#protocol/shapes.ts';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable.tsx';
import { useAdminLogsStore } from '../../stores/useAdminStore.ts';
import { ADMIN_TEXT } from '../../texts/admin.ts';
import { ACTION_BADGE, capitalised, dateAtTime, logDetails } from './adminFormat.ts';
import { LoadMore } from '../../components/LoadMore.tsx';
import { ListStatus, PersonCell } from './ListStatus.tsx';

const columns: Column<AdminLogItem>[] = [
  {
    key: 'action',
    header: 'Action',
    cell: (l) => <span className={`badge ${ACTION_BADGE[l.action] ?? 'badge-status'}`}>{capitalised(l.action)}</span>,
  },
  { key: 'admin', header: 'Administrator', cell: (l) => <PersonCell person={l.admin} /> },
  { key: 'target', header: 'Target User', cell: (l) => <PersonCell person={l.targetUser} /> },
  {
    key: 'details',
    header: 'Details',
    cell: (l) => (
      <span className="person-cell">
        {logDetails(l.action, l.details).map((line, i) => (
          <span key={i} className={i === 0 ? undefined : 'person-email'}>
            {line}
          </span>
        ))}
      </span>
    ),
  },
  { key: 'at', header: 'Date & Time', cell: (l) => dateAtTime(l.createdAt) },
];

export function LogsTab() {
  const { items, loaded, error, fetch, next, loadingMore, loadMore, total } = useAdminLogsStore();
  const logs = [...items].sort(newestFirst);
  return (
    <section className="card admin-section" aria-labelledby="admin-logs-heading">
      <div className="admin-section-head">
        <h2 id="admin-logs-heading">{ADMIN_TEXT.tabLogs}</h2>
        <span className="badge badge-status">{total ?? logs.length} actions</span>
      </div>
      <ListStatus loaded={loaded} error={error} empty={logs.length === 0} emptyText={ADMIN_MSG.noAdminActions} retry={() => void fetch()}>
        <ResponsiveTable label={ADMIN_TEXT.tabLogs} rows={logs} rowKey={(l) => l.id} columns={columns} />
        <LoadMore next={next} loading={loadingMore} onMore={() => void loadMore().catch(() => undefined)} />
      </ListStatus>
    </section>
  );
}
