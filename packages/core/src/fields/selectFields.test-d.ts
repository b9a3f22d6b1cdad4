import { describe, expectTypeOf, test } from 'vitest';
import type { PageMeta } from '../types.js';
import type { CheckFields, FieldPath, SelectFields, SelectPage } from './selectFields.js';

interface Author {
  id: number;
  name: string;
  books: Book[];
}
interface Book {
  id: number;
  title: string;
  published: Date;
  author: Author;
  editor: Author | null;
  tags: { label: string; weight: number }[];
}

/** Mirrors a client method: `F` is inferred from the literal, no `as const` needed. */
declare function query<const F extends string>(q: { fields: CheckFields<Book, F> }): SelectFields<Book, F>;
declare function page<const F extends string>(q: { fields: CheckFields<Book, F, true> }): SelectPage<Book, F>;

describe('SelectFields', () => {
  test('picks the named fields', () => {
    expectTypeOf<SelectFields<Book, 'id,title'>>().toEqualTypeOf<{ id: number; title: string }>();
  });
  test('narrows a to-one relation and keeps a nullable one nullable', () => {
    expectTypeOf<SelectFields<Book, 'author{name},editor{id}'>>().toEqualTypeOf<{
      author: { name: string };
      editor: { id: number } | null;
    }>();
  });
  test('a named relation is never undefined: an optional to-one may arrive as null', () => {
    // The server sends every relation `fields` names; a to-one row the caller may not read (an
    // access rule on its subject) arrives as null, so `?.` is needed and `!== undefined` is not enough.
    interface Line {
      id: number;
      product?: { name: string; costPrice: string };
      notes?: { text: string }[];
      placedAt?: Date;
    }
    type Picked = SelectFields<Line, 'product{name},notes{text}'>;
    expectTypeOf<Picked>().toEqualTypeOf<{ product: { name: string } | null; notes: { text: string }[] }>();
    expectTypeOf<SelectFields<Line, 'product'>>().toEqualTypeOf<{
      product: { name: string; costPrice: string } | null;
    }>();
    // A scalar that is an object (a Date, a Decimal, bytes) is no relation: it keeps its type.
    expectTypeOf<SelectFields<Line, 'placedAt'>>().toEqualTypeOf<{ placedAt: Date | undefined }>();
    const line = {} as Picked;
    // @ts-expect-error product may be null: this compiled, and threw, while it was typed `| undefined`
    if (line.product !== undefined) void line.product.name;
    if (line.product !== null) void line.product.name;
  });
  test('to-many relations become arrays of the sub-selection, nested', () => {
    expectTypeOf<SelectFields<Book, 'tags{label},author{books{title}}'>>().toEqualTypeOf<{
      tags: { label: string }[];
      author: { books: { title: string }[] };
    }>();
  });
  test('whitespace, outer braces and repeated names merge as at run time', () => {
    expectTypeOf<SelectFields<Book, '{ id , author{ id }, author{name} }'>>().toEqualTypeOf<{
      id: number;
      author: { id: number; name: string };
    }>();
    expectTypeOf<SelectFields<Book, 'author{id},author'>>().toEqualTypeOf<{ author: Author }>();
  });
  test('a non-literal string keeps the whole item', () => {
    expectTypeOf<SelectFields<Book, string>>().toEqualTypeOf<Book>();
  });
  test('a call site infers the literal without as const', () => {
    expectTypeOf(query({ fields: 'id,author{name}' })).toEqualTypeOf<{
      id: number;
      author: { name: string };
    }>();
  });
});

describe('CheckFields', () => {
  test('a valid expression is itself', () => {
    expectTypeOf<CheckFields<Book, 'id,author{name}'>>().toEqualTypeOf<'id,author{name}'>();
    expectTypeOf<CheckFields<Book, string>>().toEqualTypeOf<string>();
  });
  test('an unknown name is an error message naming its path', () => {
    expectTypeOf<CheckFields<Book, 'id,nope'>>().toEqualTypeOf<"'nope' is not a field of the item type.">();
    expectTypeOf<
      CheckFields<Book, 'author{nope}'>
    >().toEqualTypeOf<"'author.nope' is not a field of the item type.">();
    expectTypeOf<
      CheckFields<Book, 'tags{nope}'>
    >().toEqualTypeOf<"'tags.nope' is not a field of the item type.">();
  });
  test('a syntax error is an error message', () => {
    expectTypeOf<
      CheckFields<Book, 'author{name'>
    >().toEqualTypeOf<"Invalid fields expression: Expected '}' to close 'author{'.">();
  });
  test('wrong names fail to compile at the call site', () => {
    // @ts-expect-error 'titel' is not a field of Book
    query({ fields: 'id,titel' });
    // @ts-expect-error 'author.nme' is not a field
    query({ fields: 'author{nme}' });
    // @ts-expect-error unbalanced braces
    query({ fields: 'author{name' });
    // @ts-expect-error 'meta.total' is not a page-meta field
    page({ fields: 'items{id},meta{total}' });
    // @ts-expect-error 'items.nope' is not a field
    page({ fields: 'items{nope}' });
  });
});

describe('SelectPage', () => {
  test('an item projection narrows the items and keeps the full meta', () => {
    expectTypeOf(page({ fields: 'id' })).toEqualTypeOf<{ items: { id: number }[]; meta: PageMeta }>();
  });
  test('an envelope projection narrows items and meta', () => {
    expectTypeOf(page({ fields: 'items{id,author{name}},meta{itemCount,hasNextPage}' })).toEqualTypeOf<{
      items: { id: number; author: { name: string } }[];
      meta: { readonly itemCount: number; readonly hasNextPage: boolean };
    }>();
    expectTypeOf<SelectPage<Book, 'meta{page}'>>().toEqualTypeOf<{ meta: { readonly page: number } }>();
  });
  test('a bare items or meta is an item field, not the envelope', () => {
    interface Order {
      items: { sku: string }[];
      meta: string;
    }
    expectTypeOf<SelectPage<Order, 'items,meta'>>().toEqualTypeOf<{
      items: { items: { sku: string }[]; meta: string }[];
      meta: PageMeta;
    }>();
  });
  test('a non-literal string is the whole page', () => {
    expectTypeOf<SelectPage<Book, string>>().toEqualTypeOf<{ items: Book[]; meta: PageMeta }>();
  });
});

describe('FieldPath', () => {
  test('lists fields and relation paths', () => {
    expectTypeOf<'author.name'>().toExtend<FieldPath<Book>>();
    expectTypeOf<'tags.label'>().toExtend<FieldPath<Book>>();
    expectTypeOf<'author.books.title'>().toExtend<FieldPath<Book>>();
    expectTypeOf<'author.nope'>().not.toExtend<FieldPath<Book>>();
    expectTypeOf<'published.getTime'>().not.toExtend<FieldPath<Book>>();
  });
});
