// Manage Users (docs/product-spec.md section 2): every account, newest first; delete with a confirmation, never
// the protected owner (no button; the server refuses it too).
import { useMemo } from 'react';
import { ADMIN_MSG } from '#protocol/messages/admin.ts';
import type { AdminUserItem } from '#protocol/shapes.ts';
import { ResponsiveTable, type Column } from '../../components/ResponsiveTable.tsx';
import { fullName, newestFirst } from '../../lib/format.ts';
import { useAdminUsersStore } from '../../stores/useAdminStore.ts';
import { confirmThenAct } from '../../hooks/useConfirmAction.ts';
import { ADMIN_TEXT } from '../../texts/admin.ts';
import { COMMON_TEXT } from '../../texts/common.ts';
import { joinedOn, POSITION_BADGE, positionLabel } from './adminFormat.ts';
import { LoadMore } from '../../components/LoadMore.tsx';
import { ListStatus } from './ListStatus.tsx';
import { Ident } from '../../components/Ident.tsx';

const deleteText = (name: string) =>
  `Are you sure you want to delete the account for ${name}? This action cannot be undone and will remove all their data including requests, messages, and trade history.`;

function deleteUser(user: AdminUserItem): Promise<void> {
  return confirmThenAct({
    ask: {
      title: ADMIN_MSG.deleteUserTitle,
      description: deleteText(fullName(user)),
      confirmLabel: ADMIN_TEXT.deleteAccount,
      cancelLabel: COMMON_TEXT.cancel,
      destructive: true,
    },
    act: async () => {
      await useAdminUsersStore.getState().deleteUser(user.id);
      return { title: ADMIN_MSG.userDeletedTitle, description: ADMIN_MSG.userDeleted };
    },
    failed: ADMIN_MSG.userDeleteFailed,
  });
}

/**
 * An address in full, however long (an admin tells accounts apart by it): it may wrap, best before
 * the @, never cut off with an ellipsis, in the table and in the cards of a phone.
 */
function Email({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  return (
    <span className="admin-email">
      {at > 0 ? (
        <>
          {address.slice(0, at)}
          <wbr />
          <span className="admin-email-domain">{address.slice(at)}</span>
        </>
      ) : (
        address
      )}
    </span>
  );
}

const columns: Column<AdminUserItem>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (u) => (
      <span className="user-name-cell">
        <span>{fullName(u)}</span>
        {u.isProtected && <span className="badge badge-protected">{ADMIN_TEXT.protectedBadge}</span>}
      </span>
    ),
  },
  { key: 'email', header: 'Email', cell: (u) => <Email address={u.email} /> },
  { key: 'employee', header: 'Employee #', cell: (u) => (u.employeeNumber ? <Ident value={u.employeeNumber} /> : '-') },
  { key: 'airline', header: 'Airline', cell: (u) => u.airline ?? '-' },
  {
    key: 'position',
    header: 'Position',
    cell: (u) => (u.position ? <span className={`badge ${POSITION_BADGE[u.position]}`}>{positionLabel(u.position)}</span> : '-'),
  },
  { key: 'base', header: 'Base', cell: (u) => u.base ?? '-' },
  // A date reads as one piece too: the name column gives way first.
  { key: 'joined', header: 'Joined', cell: (u) => <span className="admin-date">{joinedOn(u.createdAt)}</span> },
  { key: 'admin', header: 'Admin', cell: (u) => (u.isAdmin ? <span className="badge badge-admin">{ADMIN_TEXT.adminBadge}</span> : '') },
];

export function UsersTab() {
  const { items, loaded, error, fetch, next, loadingMore, loadMore, total } = useAdminUsersStore();
  const users = useMemo(() => [...items].sort(newestFirst), [items]);
  return (
    <section className="card admin-section" aria-labelledby="admin-users-heading">
      <div className="admin-section-head">
        <h2 id="admin-users-heading">{ADMIN_TEXT.tabUsers}</h2>
        <span className="badge badge-status">{total ?? users.length} users</span>
      </div>
      <ListStatus loaded={loaded} error={error} empty={users.length === 0} emptyText={ADMIN_TEXT.noUsers} retry={() => void fetch()}>
        <ResponsiveTable
          label={ADMIN_TEXT.tabUsers}
          rows={users}
          rowKey={(u) => u.id}
          columns={columns}
          actions={(u) =>
            u.isProtected ? null : (
              <button
                type="button"
                className="button button-danger-outline button-sm"
                aria-label={`Delete ${fullName(u)}`}
                onClick={() => void deleteUser(u)}
              >
                Delete
              </button>
            )
          }
        />
        <LoadMore next={next} loading={loadingMore} onMore={() => void loadMore().catch(() => undefined)} />
      </ListStatus>
    </section>
  );
}
