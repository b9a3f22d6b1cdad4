import type { FilterValue } from '@facet/client/table';
import { useEffect, useRef, useState } from 'react';
import type { BookColumn } from '../columns.js';
import { asRange } from '../range.js';
import { GENRES } from '../types.js';

const TYPING_DELAY_MS = 300;

/** A text box that reports after the user pauses, and follows the store when it changes (back/forward). */
function DebouncedInput(props: {
  value: string;
  onChange(value: string): void;
  label: string;
  type?: 'text' | 'number';
  placeholder?: string;
  testId: string;
}) {
  const { value, onChange, label, type = 'text', placeholder, testId } = props;
  const [draft, setDraft] = useState(value);
  // The latest callback, without restarting the typing timer each time the parent re-renders.
  const report = useRef(onChange);
  report.current = onChange;
  useEffect(() => setDraft(value), [value]);
  useEffect(() => {
    if (draft === value) return;
    const timer = setTimeout(() => report.current(draft), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);
  return (
    <input
      type={type}
      aria-label={label}
      placeholder={placeholder}
      value={draft}
      data-testid={testId}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onChange(draft);
      }}
    />
  );
}

export function FilterCell(props: {
  column: BookColumn;
  value: FilterValue | undefined;
  onChange(value: FilterValue | undefined): void;
}) {
  const { column, value, onChange } = props;
  const testId = `filter-${column.key}`;
  switch (column.filter) {
    case 'text':
      return (
        <DebouncedInput
          label={`Filter ${column.label}`}
          placeholder="contains…"
          value={typeof value === 'string' ? value : ''}
          onChange={(text) => onChange(text === '' ? undefined : text)}
          testId={testId}
        />
      );
    case 'genre':
      return (
        <select
          aria-label={`Filter ${column.label}`}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value || undefined)}
          data-testid={testId}
        >
          <option value="">Any</option>
          {GENRES.map((genre) => (
            <option key={genre} value={genre}>
              {genre.charAt(0) + genre.slice(1).toLowerCase()}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <select
          aria-label={`Filter ${column.label}`}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value === 'yes')}
          data-testid={testId}
        >
          <option value="">Any</option>
          <option value="yes">Yes</option>
          <option value="no">No</option>
        </select>
      );
    case 'range':
    case 'year': {
      const range = asRange(value);
      const set = (end: 'min' | 'max', text: string) => {
        const number = text === '' ? undefined : Number(text);
        const next = {
          ...range,
          [end]: number !== undefined && Number.isFinite(number) ? number : undefined,
        };
        onChange(next.min === undefined && next.max === undefined ? undefined : next);
      };
      const hint = column.filter === 'year' ? 'year' : '';
      return (
        <span className="range">
          <DebouncedInput
            type="number"
            label={`${column.label} from`}
            placeholder={hint ? 'from year' : 'min'}
            value={range.min === undefined ? '' : String(range.min)}
            onChange={(text) => set('min', text)}
            testId={`${testId}-min`}
          />
          <DebouncedInput
            type="number"
            label={`${column.label} to`}
            placeholder={hint ? 'to year' : 'max'}
            value={range.max === undefined ? '' : String(range.max)}
            onChange={(text) => set('max', text)}
            testId={`${testId}-max`}
          />
        </span>
      );
    }
    case 'none':
      return null;
  }
}
