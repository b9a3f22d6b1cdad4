import { useTable } from '@facet/client/react';
import { type FilterValue, tableExportQuery } from '@facet/client/table';
import { type MouseEvent, useCallback, useMemo, useState } from 'react';
import { booksApi, describeError, setRole } from './api.js';
import { columnsFor } from './columns.js';
import { AuthorPicker } from './components/AuthorPicker.js';
import { BooksTable } from './components/BooksTable.js';
import { ColumnChooser } from './components/ColumnChooser.js';
import { GenreBreakdown } from './components/GenreBreakdown.js';
import { Pagination } from './components/Pagination.js';
import { Reviews } from './components/Reviews.js';
import { RoleSwitcher } from './components/RoleSwitcher.js';
import { Summary } from './components/Summary.js';
import { bookTableOptions } from './options.js';
import { DEMO, isStaff, loadRole, type RoleName, saveRole } from './roles.js';

const initialRole = loadRole();
setRole(initialRole);

export function App() {
  const [role, setRoleState] = useState<RoleName>(initialRole);
  const booksTable = useTable(bookTableOptions);
  const table = booksTable.state;
  const staff = isStaff(role);
  const columns = useMemo(() => columnsFor(staff), [staff]);
  const visibleKeys = table.visibleColumns ?? columns.map((c) => c.key);
  const visibleColumns = columns.filter((c) => visibleKeys.includes(c.key));

  const changeRole = (next: RoleName) => {
    setRole(next);
    saveRole(next);
    setRoleState(next);
    if (!isStaff(next)) {
      // Staff-only fields cannot even be named by other callers (the server answers 400), so drop
      // them from the view before asking again.
      const staffOnly = new Set(
        columnsFor(true)
          .filter((c) => c.staffOnly)
          .map((c) => c.key),
      );
      if (table.visibleColumns?.some((k) => staffOnly.has(k))) {
        booksTable.setVisibleColumns(table.visibleColumns.filter((k) => !staffOnly.has(k)));
      }
      for (const key of staffOnly) if (key in table.filters) booksTable.setFilter(key, undefined);
      if (table.sorting.some((rule) => staffOnly.has(rule.field))) {
        booksTable.setSorting((rules) => rules.filter((rule) => !staffOnly.has(rule.field)));
      }
    }
    booksTable.refetch();
  };

  const onFilter = useCallback(
    (column: string, value: FilterValue | undefined) => booksTable.setFilter(column, value),
    [booksTable],
  );

  // "Export what I see": the filters, search, sort and visible columns of the table, as a CSV link.
  // The link carries no token, so a click goes through `download` (the role's token); the href stays
  // for copying and for anonymous readers.
  const seen = tableExportQuery(table, bookTableOptions);
  const exportHref = booksApi.exportUrl({ ...seen, format: 'csv' });
  const exportCsv = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const file = await booksApi.download({ ...seen, format: 'csv' });
    const url = URL.createObjectURL(new Blob([file.data.slice()], { type: file.contentType }));
    const link = Object.assign(document.createElement('a'), { href: url, download: file.fileName });
    link.click();
    URL.revokeObjectURL(url);
  };

  const activeFilters = Object.keys(table.filters).length + (table.search ? 1 : 0) + table.sorting.length;

  return (
    <div className="page">
      <header className="top">
        <div>
          <h1>Library</h1>
          <p className="muted">
            A demo of Facet: every control below becomes a query the server filters, pages, sorts and projects
            under the caller's permissions.{' '}
            <a href="/api/docs" target="_blank" rel="noreferrer">
              API docs
            </a>
          </p>
        </div>
        {DEMO ? <RoleSwitcher role={role} onChange={changeRole} /> : null}
      </header>

      <Summary key={role} />

      <section className="toolbar" aria-label="Search and filters">
        <label className="search">
          <span>Search</span>
          <input
            type="search"
            placeholder="Title or ISBN…"
            value={table.searchInput}
            onChange={(event) => booksTable.setSearch(event.target.value)}
            data-testid="search"
          />
        </label>
        <AuthorPicker
          authorId={table.filters.authorId}
          onSelect={(author) => booksTable.setFilter('authorId', author?.id)}
        />
        <ColumnChooser
          columns={columns}
          visible={visibleKeys}
          onChange={(keys) => booksTable.setVisibleColumns(keys)}
        />
        <a
          className="export"
          href={exportHref}
          download="books.csv"
          onClick={exportCsv}
          data-testid="export-csv"
        >
          Export CSV
        </a>
        <button
          type="button"
          className="reset"
          disabled={activeFilters === 0}
          onClick={() => {
            booksTable.clearFilters();
            booksTable.setSearch('');
            booksTable.setSorting([]);
          }}
        >
          Clear filters
        </button>
      </section>

      {table.status === 'error' ? (
        <div className="error" role="alert" data-testid="error">
          <strong>Could not load books.</strong> {describeError(table.error)}{' '}
          <button type="button" onClick={() => booksTable.refetch()}>
            Retry
          </button>
        </div>
      ) : null}

      <GenreBreakdown key={`genres-${role}`} where={seen.where} q={seen.q} />

      <div className="status" aria-live="polite" data-testid="status">
        {table.loading ? 'Loading…' : table.status === 'success' ? `${table.total} books` : ''}
      </div>

      <BooksTable
        columns={visibleColumns}
        rows={table.items}
        sorting={table.sorting}
        filters={table.filters}
        loading={table.loading || table.status === 'idle'}
        onSort={(field, multi) => booksTable.toggleSort(field, multi)}
        onFilter={onFilter}
      />

      {table.nextCursor !== null && table.status === 'success' ? (
        <button
          type="button"
          className="load-more"
          data-testid="load-more"
          disabled={table.loading}
          onClick={() => booksTable.loadMore()}
        >
          Load {table.perPage} more ({table.items.length} of {table.total} shown)
        </button>
      ) : null}

      <Pagination
        page={table.page}
        pageCount={table.pageCount}
        perPage={table.perPage}
        total={table.total}
        onPage={(page) => booksTable.setPage(page)}
        onPerPage={(perPage) => booksTable.setPerPage(perPage)}
      />

      <Reviews key={`reviews-${role}`} books={table.items} />
    </div>
  );
}
