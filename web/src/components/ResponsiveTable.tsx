// Rows of data as a table where there is room, and as a list of small cards (label: value) on a
// narrow screen, so a phone never scrolls sideways. Both are real semantics: a <table>, or a list
// whose items are description lists.
import type { ReactNode } from 'react';
import { useMediaQuery } from '../hooks/useMediaQuery.ts';

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
}

interface ResponsiveTableProps<T> {
  /** Names the table or the list for assistive tech. */
  label: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  /** Buttons for a row: the last column of the table, the foot of a card. */
  actions?: (row: T) => ReactNode;
  actionsHeader?: string;
}

/** Below this width the rows show as cards. */
const WIDE = '(min-width: 720px)';

export function ResponsiveTable<T>({ label, rows, rowKey, columns, actions, actionsHeader = 'Actions' }: ResponsiveTableProps<T>) {
  const wide = useMediaQuery(WIDE);
  if (!wide) {
    return (
      <ul className="row-cards" aria-label={label}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="row-card">
            <dl className="row-card-fields">
              {columns.map((column) => (
                <div key={column.key} className="row-card-field">
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
            {actions && <div className="row-actions row-card-actions">{actions(row)}</div>}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="table-wrap">
      <table className="table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
            {actions && <th scope="col">{actionsHeader}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key}>{column.cell(row)}</td>
              ))}
              {actions && (
                <td>
                  <div className="row-actions">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
