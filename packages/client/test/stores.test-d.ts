// Type tests (checked by `npm run typecheck`): a literal `fields` narrows the autocomplete's items
// and a literal `baseFields` the table's rows, in the stores and in the React and Vue adapters; a
// path that is not a field fails to compile. Every expect-error directive below fails the typecheck
// if its line stops being an error.
import type { SelectPaths } from '@facet/core';
import { describe, expectTypeOf, test } from 'vitest';
import { createApiClient, useModuleApi } from '../src/api/index.js';
import { type AutocompleteOptions, createAutocompleteStore } from '../src/autocomplete/index.js';
import { useAutocomplete as useReactAutocomplete, useTable as useReactTable } from '../src/react/index.js';
import { createTableStore, type TableRow } from '../src/table/index.js';
import { useAutocomplete as useVueAutocomplete, useTable as useVueTable } from '../src/vue/index.js';

interface Author {
  id: number;
  name: string;
  country: string | null;
  books: { id: number; title: string }[];
}
interface Book {
  id: number;
  title: string;
  author: Author;
  editor: Author | null;
}

const api = createApiClient();
const authors = useModuleApi<Author>(api, 'authors');
const books = useModuleApi<Book>(api, 'books');

describe('SelectPaths', () => {
  test('picks dotted paths, relations nested, to-many as arrays, null kept', () => {
    expectTypeOf<SelectPaths<Book, 'id' | 'author.name' | 'editor.books.title'>>().toEqualTypeOf<{
      id: number;
      author: { name: string };
      editor: { books: { title: string }[] } | null;
    }>();
  });
  test('a plain mention of a relation wins over paths into it', () => {
    expectTypeOf<SelectPaths<Book, 'author' | 'author.name'>>().toEqualTypeOf<{ author: Author }>();
  });
  test('a non-literal string keeps the item', () => {
    expectTypeOf<SelectPaths<Book, string>>().toEqualTypeOf<Book>();
  });
});

describe('the autocomplete narrows its items by fields', () => {
  test('the store, with no as const', () => {
    const store = createAutocompleteStore({
      resource: authors,
      searchFields: ['name'],
      fields: ['id', 'name'],
    });
    expectTypeOf(store.getState().results).toEqualTypeOf<readonly { id: number; name: string }[]>();
    expectTypeOf(store.getState().selected).toEqualTypeOf<readonly { id: number; name: string }[]>();
  });
  test('the label callback sees the narrowed item', () => {
    createAutocompleteStore({
      resource: authors,
      searchFields: ['name'],
      fields: ['id', 'name'],
      getOptionLabel: (author) => {
        expectTypeOf(author).toEqualTypeOf<{ id: number; name: string }>();
        return author.name;
      },
    });
  });
  test('the React and Vue adapters', () => {
    const react = useReactAutocomplete({
      resource: authors,
      searchFields: ['name'],
      fields: ['id', 'country'],
    });
    expectTypeOf(react.state.results).toEqualTypeOf<readonly { id: number; country: string | null }[]>();
    const vue = useVueAutocomplete({ resource: authors, searchFields: ['name'], fields: ['name'] });
    expectTypeOf(vue.state.value.results).toEqualTypeOf<readonly { name: string }[]>();
  });
  test('without fields, or with a non-literal list, items are the whole item', () => {
    const store = createAutocompleteStore({ resource: authors, searchFields: ['name'] });
    expectTypeOf(store.getState().results).toEqualTypeOf<readonly Author[]>();
    const fields: string[] = ['id'];
    const loose = createAutocompleteStore({ resource: authors, searchFields: ['name'], fields });
    expectTypeOf(loose.getState().results).toEqualTypeOf<readonly Author[]>();
    const options: AutocompleteOptions<Author> = { resource: authors, searchFields: ['name'] };
    expectTypeOf(useReactAutocomplete(options).state.results).toEqualTypeOf<readonly Author[]>();
  });
  test('a path that is not a field fails to compile', () => {
    // @ts-expect-error 'nme' is not a field of Author
    createAutocompleteStore({ resource: authors, searchFields: ['name'], fields: ['id', 'nme'] });
    // @ts-expect-error 'books.titel' is not a field path
    useReactAutocomplete({ resource: authors, searchFields: ['name'], fields: ['books.titel'] });
    // @ts-expect-error nor in the Vue adapter
    useVueAutocomplete({ resource: authors, searchFields: ['name'], fields: ['id', 'email'] });
  });
});

describe("the autocomplete's value says what its mode selects", () => {
  type Id = string | number;
  test('single mode (the default, or multiple: false): one value or null', () => {
    expectTypeOf(
      createAutocompleteStore({ resource: authors, searchFields: ['name'] }).getState().value,
    ).toEqualTypeOf<Id | null>();
    const single = createAutocompleteStore<Author>({
      resource: authors,
      searchFields: ['name'],
      multiple: false,
    });
    expectTypeOf(single.getState().value).toEqualTypeOf<Id | null>();
    expectTypeOf(
      useReactAutocomplete({ resource: authors, searchFields: ['name'] }).state.value,
    ).toEqualTypeOf<Id | null>();
    expectTypeOf(
      useVueAutocomplete({ resource: authors, searchFields: ['name'] }).state.value.value,
    ).toEqualTypeOf<Id | null>();
  });
  test('multiple: true: a list, with or without the item type named', () => {
    const many = createAutocompleteStore<Author>({
      resource: authors,
      searchFields: ['name'],
      multiple: true,
    });
    expectTypeOf(many.getState().value).toEqualTypeOf<readonly Id[]>();
    const narrowed = createAutocompleteStore({
      resource: authors,
      searchFields: ['name'],
      fields: ['id'],
      multiple: true,
    });
    expectTypeOf(narrowed.getState().value).toEqualTypeOf<readonly Id[]>();
    expectTypeOf(narrowed.getState().results).toEqualTypeOf<readonly { id: number }[]>();
    const react = useReactAutocomplete({ resource: authors, searchFields: ['name'], multiple: true });
    expectTypeOf(react.state.value).toEqualTypeOf<readonly Id[]>();
    const vue = useVueAutocomplete({ resource: authors, searchFields: ['name'], multiple: true });
    expectTypeOf(vue.state.value.value).toEqualTypeOf<readonly Id[]>();
  });
  test('a mode known only at run time: either, and `values` is a list in every mode', () => {
    const multiple: boolean = Math.random() > 0.5;
    const store = createAutocompleteStore({ resource: authors, searchFields: ['name'], multiple });
    expectTypeOf(store.getState().value).toEqualTypeOf<Id | null | readonly Id[]>();
    expectTypeOf(store.getState().values).toEqualTypeOf<readonly Id[]>();
    // @ts-expect-error a single-mode value is not a list
    createAutocompleteStore({ resource: authors, searchFields: ['name'] }).getState().value.length;
  });
});

describe('the table narrows its rows by baseFields', () => {
  type Row = { id: number; title?: string; author?: Author; editor?: Author | null };
  test('the base fields are always there, every other field may be missing', () => {
    expectTypeOf<TableRow<Book, 'id'>>().toEqualTypeOf<Row>();
    const store = createTableStore({ resource: books, baseFields: ['id'] });
    expectTypeOf(store.getState().items).toEqualTypeOf<readonly Row[]>();
    expectTypeOf(useReactTable({ resource: books, baseFields: ['id'] }).state.items).toEqualTypeOf<
      readonly Row[]
    >();
    expectTypeOf(useVueTable({ resource: books, baseFields: ['id'] }).state.value.items).toEqualTypeOf<
      readonly Row[]
    >();
  });
  test('without baseFields the rows are the whole item', () => {
    expectTypeOf(createTableStore({ resource: books }).getState().items).toEqualTypeOf<readonly Book[]>();
  });
  test('a base field that is not a field fails to compile', () => {
    // @ts-expect-error 'identifier' is not a field of Book
    createTableStore({ resource: books, baseFields: ['identifier'] });
    // @ts-expect-error 'author.nme' is not a field path
    useReactTable({ resource: books, baseFields: ['id', 'author.nme'] });
  });
});
