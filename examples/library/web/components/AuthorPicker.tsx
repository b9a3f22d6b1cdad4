import { useAutocomplete } from '@facet/client/react';
import type { FilterValue } from '@facet/client/table';
import { useEffect, useId } from 'react';
import { describeError } from '../api.js';
import { authorPickerOptions } from '../options.js';
import type { AuthorOption } from '../types.js';

/**
 * A combobox over GET /authors; choosing an author filters the books table by `authorId`.
 * `authorId` is the table's current filter, so back and forward move the box along with the table.
 */
export function AuthorPicker(props: {
  authorId: FilterValue | undefined;
  onSelect(author: AuthorOption | null): void;
}) {
  const { authorId, onSelect } = props;
  const authorPicker = useAutocomplete(authorPickerOptions);
  const { state } = authorPicker;

  useEffect(() => {
    const current = authorPicker.getState().value; // single mode: one id or null
    if (authorId === undefined && current !== null) authorPicker.clear();
    else if (typeof authorId === 'number' && current !== authorId) authorPicker.setValue(authorId);
  }, [authorId, authorPicker]);
  const listId = useId();
  const selected = state.selected[0];
  const open = state.term !== null && state.input !== '';

  const choose = (author: AuthorOption) => {
    authorPicker.select(author);
    onSelect(author);
  };

  return (
    <div className="author-picker">
      <label htmlFor={`${listId}-input`}>Author</label>
      {selected ? (
        <span className="chip" data-testid="author-chip">
          {selected.name}
          <button
            type="button"
            aria-label={`Remove author filter ${selected.name}`}
            onClick={() => {
              authorPicker.clear();
              onSelect(null);
            }}
          >
            ×
          </button>
        </span>
      ) : null}
      <div className="combo">
        <input
          id={`${listId}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          autoComplete="off"
          placeholder={selected ? 'Change author…' : 'Type an author…'}
          value={state.input}
          data-testid="author-input"
          onChange={(event) => authorPicker.setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') authorPicker.moveHighlight(1);
            else if (event.key === 'ArrowUp') authorPicker.moveHighlight(-1);
            else if (event.key === 'Escape') authorPicker.setInput('');
            else if (event.key === 'Enter') {
              const item = state.options[state.highlightedIndex];
              if (item) choose(item);
            } else return;
            event.preventDefault();
          }}
        />
        {open ? (
          <div id={listId} role="listbox" className="options" data-testid="author-options">
            {state.loading && state.results.length === 0 ? <div className="muted">Searching…</div> : null}
            {state.status === 'error' ? <div className="error-text">{describeError(state.error)}</div> : null}
            {state.status === 'success' && state.results.length === 0 ? (
              <div className="muted">No authors</div>
            ) : null}
            {state.results.map((author) => (
              <div
                key={author.id}
                role="option"
                tabIndex={-1}
                aria-selected={state.options[state.highlightedIndex] === author}
                className={state.options[state.highlightedIndex] === author ? 'highlighted' : undefined}
                onMouseDown={(event) => {
                  event.preventDefault(); // keep focus in the input
                  choose(author);
                }}
              >
                {author.name} <span className="muted">{author.country}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>
  );
}
