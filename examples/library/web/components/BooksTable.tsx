import type { FilterValue, SortRule } from '@facet/client/table';
import type { BookColumn } from '../columns.js';
import type { BookRow } from '../types.js';
import { FilterCell } from './FilterCell.js';

function SortIndicator({ sorting, field }: { sorting: readonly SortRule[]; field: string }) {
  const index = sorting.findIndex((rule) => rule.field === field);
  const rule = sorting[index];
  if (!rule) return <span className="sort-indicator muted">↕</span>;
  return (
    <span className="sort-indicator">
      {rule.direction === 'asc' ? '▲' : '▼'}
      {sorting.length > 1 ? <sup>{index + 1}</sup> : null}
    </span>
  );
}

export function BooksTable(props: {
  columns: readonly BookColumn[];
  rows: readonly BookRow[];
  sorting: readonly SortRule[];
  filters: Readonly<Record<string, FilterValue>>;
  loading: boolean;
  onSort(field: string, multi: boolean): void;
  onFilter(column: string, value: FilterValue | undefined): void;
}) {
  const { columns, rows, sorting, filters, loading, onSort, onFilter } = props;
  return (
    <div className="table-wrap" aria-busy={loading}>
      <table data-testid="books-table" className={loading ? 'loading' : undefined}>
        <thead>
          <tr>
            {columns.map((column) => {
              const rule = sorting.find((r) => r.field === column.key);
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? 'num' : undefined}
                  aria-sort={rule ? (rule.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  <button
                    type="button"
                    className="sort"
                    title="Click to sort; Shift-click to add a secondary sort"
                    data-testid={`sort-${column.key}`}
                    onClick={(event) => onSort(column.key, event.shiftKey)}
                  >
                    {column.label}
                    <SortIndicator sorting={sorting} field={column.key} />
                  </button>
                </th>
              );
            })}
          </tr>
          <tr className="filters">
            {columns.map((column) => (
              <th key={column.key}>
                <FilterCell
                  column={column}
                  value={filters[column.key]}
                  onChange={(value) => onFilter(column.key, value)}
                />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-testid="book-row" data-id={row.id}>
              {columns.map((column) => (
                <td key={column.key} className={column.numeric ? 'num' : undefined} data-col={column.key}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 && !loading ? (
            <tr>
              <td colSpan={columns.length} className="empty" data-testid="empty">
                No books match these filters.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
