// What a tab shows before its list: loading, a failed load with Try Again, or the empty state.
import type { ReactNode } from 'react';
import { ADMIN_TEXT } from '../../texts/admin.ts';
import { COMMON_TEXT } from '../../texts/common.ts';

interface ListStatusProps {
  loaded: boolean;
  error: boolean;
  empty: boolean;
  emptyText: string;
  retry: () => void;
  children: ReactNode;
}

export function ListStatus({ loaded, error, empty, emptyText, retry, children }: ListStatusProps) {
  if (!loaded) {
    return (
      <p className="muted" role="status">
        {COMMON_TEXT.loading}
      </p>
    );
  }
  if (error && empty) {
    return (
      <div className="card empty-state">
        <p>{ADMIN_TEXT.couldNotLoad}</p>
        <button type="button" className="button button-outline" onClick={retry}>
          {COMMON_TEXT.tryAgain}
        </button>
      </div>
    );
  }
  if (empty) return <p className="card empty-state">{emptyText}</p>;
  return <>{children}</>;
}

/** A person as the admin tables show them: name over e-mail, or a dash when there is none. */
export function PersonCell({ person }: { person: { firstName: string | null; lastName: string | null; email: string } | null }) {
  if (!person) return <span className="muted">-</span>;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return (
    <span className="person-cell">
      <span className="person-name">{name || person.email}</span>
      {name && <span className="person-email">{person.email}</span>}
    </span>
  );
}
