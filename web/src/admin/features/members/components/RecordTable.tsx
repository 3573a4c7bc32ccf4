import type { ReactNode } from 'react';
import { AdminEmpty } from '../../../shared/components';

/**
 * A member's records as a small table: the column heads, then a row each; `empty` instead when
 * there are none.
 */
export function RecordTable<R>({
  rows,
  empty,
  head,
  row,
}: {
  rows: R[];
  empty: string;
  head: string[];
  row: (record: R) => ReactNode;
}) {
  if (rows.length === 0) return <AdminEmpty>{empty}</AdminEmpty>;
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle mb-0">
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map(row)}</tbody>
      </table>
    </div>
  );
}
