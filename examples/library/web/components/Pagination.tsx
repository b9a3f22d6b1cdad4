export function Pagination(props: {
  page: number;
  pageCount: number;
  perPage: number;
  total: number;
  onPage(page: number): void;
  onPerPage(perPage: number): void;
}) {
  const { page, pageCount, perPage, total, onPage, onPerPage } = props;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(page * perPage, total);
  return (
    <nav className="pagination" aria-label="Pages">
      <span data-testid="range">
        {first}–{last} of {total}
      </span>
      <span className="pager">
        <button type="button" onClick={() => onPage(1)} disabled={page <= 1} aria-label="First page">
          «
        </button>
        <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1} data-testid="prev-page">
          ‹ Prev
        </button>
        <span data-testid="page-status">
          Page {page} of {Math.max(pageCount, 1)}
        </span>
        <button
          type="button"
          onClick={() => onPage(page + 1)}
          disabled={page >= pageCount}
          data-testid="next-page"
        >
          Next ›
        </button>
        <button
          type="button"
          onClick={() => onPage(pageCount)}
          disabled={page >= pageCount}
          aria-label="Last page"
        >
          »
        </button>
      </span>
      <label>
        Per page{' '}
        <select
          value={perPage}
          onChange={(event) => onPerPage(Number(event.target.value))}
          data-testid="per-page"
        >
          {[10, 20, 50, 100].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
