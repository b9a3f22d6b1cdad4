import type { BookColumn } from '../columns.js';

export function ColumnChooser(props: {
  columns: readonly BookColumn[];
  visible: readonly string[];
  onChange(visible: string[]): void;
}) {
  const { columns, visible, onChange } = props;
  const toggle = (key: string) => {
    const next = visible.includes(key) ? visible.filter((k) => k !== key) : [...visible, key];
    // Keep the table's column order, whatever order the boxes were ticked in.
    onChange(columns.map((c) => c.key).filter((k) => next.includes(k)));
  };
  return (
    <details className="columns" data-testid="column-chooser">
      <summary>Columns</summary>
      <div className="menu">
        {columns.map((column) => (
          <label key={column.key}>
            <input
              type="checkbox"
              checked={visible.includes(column.key)}
              disabled={visible.length === 1 && visible.includes(column.key)}
              onChange={() => toggle(column.key)}
              data-testid={`column-${column.key}`}
            />
            {column.label}
            {column.staffOnly ? <span className="muted"> (staff)</span> : null}
          </label>
        ))}
      </div>
    </details>
  );
}
