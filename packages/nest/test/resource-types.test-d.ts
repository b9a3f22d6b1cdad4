// Type tests, checked by `npm run typecheck -w @facet/nest` (tsc includes test/): a resource's DTO
// types its routes. A literal `fields` narrows what query/findById/findOne resolve to, a name that
// is not a field of the DTO fails to compile, and the wire types follow JSON. Every expect-error
// directive below fails the typecheck if its line stops being an error.
import type { PageMeta } from '@facet/core';
import { expectTypeOf } from 'vitest';
import {
  type DtoOf,
  defineResource,
  type FieldsQuery,
  type Jsonified,
  type ProjectedItem,
  type ProjectedPage,
  type Resource,
  type ResourceItem,
  type ResourceOf,
  type ResourcePage,
} from '../src/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { PolicyBookDto } from './support/policy-dtos.js';

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: PolicyBookDto });
declare const resource: ResourceOf<typeof books>;

// The DTO of a definition and of a Resource.
expectTypeOf<DtoOf<typeof books>>().toEqualTypeOf<PolicyBookDto>();
expectTypeOf<DtoOf<typeof resource>>().toEqualTypeOf<PolicyBookDto>();
expectTypeOf(resource).toExtend<Resource<PrismaClient['book'], PolicyBookDto, unknown>>();

// The wire form: dates become strings, methods disappear, nesting follows.
class Stamped {
  at!: Date;
  big!: bigint;
  tags!: Date[];
  nested!: { when: Date | null };
  describe(): string {
    return '';
  }
}
expectTypeOf<Jsonified<Stamped>>().toEqualTypeOf<{
  at: string;
  big: string;
  tags: string[];
  nested: { when: string | null };
}>();
expectTypeOf<ResourceItem<typeof books>['title']>().toEqualTypeOf<string>();
expectTypeOf<NonNullable<ResourceItem<typeof books>['author']>['name']>().toEqualTypeOf<string>();
// Unprojected, an optional to-one is absent when not loaded and null when hidden from the caller.
expectTypeOf<null>().toExtend<ResourceItem<typeof books>['author']>();
expectTypeOf<undefined>().toExtend<ResourceItem<typeof books>['author']>();
expectTypeOf<null>().toExtend<
  NonNullable<NonNullable<ResourceItem<typeof books>['reviews']>[number]['book']>['author']
>();
expectTypeOf<null>().not.toExtend<ResourceItem<typeof books>['reviews']>();

// A literal fields narrows the page: to-many relations as arrays, to-one as objects. A relation it
// names is always sent, so never undefined; the DTO's optional to-one (`author?`) may arrive as null
// (a row the caller may not read, or none), and the type says so.
async function reads(): Promise<void> {
  const page = await resource.query({ fields: 'id,title,author{name},reviews{rating}' }, { trusted: true });
  expectTypeOf(page.items).toEqualTypeOf<
    {
      id: number;
      title: string;
      author: { name: string } | null;
      reviews: { rating: number }[];
    }[]
  >();
  expectTypeOf(page.meta).toEqualTypeOf<PageMeta>();

  // An envelope projection narrows both parts.
  const envelope = await resource.query({ fields: 'items{id},meta{hasNextPage}' }, { trusted: true });
  expectTypeOf(envelope).toEqualTypeOf<{ items: { id: number }[]; meta: Pick<PageMeta, 'hasNextPage'> }>();

  // Other members of the query stay allowed, as the server checks them at run time.
  const filtered = await resource.query({ fields: 'id', where: { published: true }, perPage: 5 });
  expectTypeOf(filtered.items).toEqualTypeOf<{ id: number }[]>();

  // Without fields, or with a non-literal string, the loose page.
  expectTypeOf(await resource.query({})).toEqualTypeOf<ResourcePage<PolicyBookDto>>();
  const fields: string = 'id';
  expectTypeOf(await resource.query({ fields })).toEqualTypeOf<ResourcePage<PolicyBookDto>>();

  expectTypeOf(await resource.findById(1, { fields: 'id,author{name}' })).toEqualTypeOf<{
    id: number;
    author: { name: string } | null;
  }>();
  expectTypeOf(await resource.findById(1)).toEqualTypeOf<Partial<PolicyBookDto>>();
  expectTypeOf(await resource.findOne({ id: 1 }, { fields: 'title' })).toEqualTypeOf<{ title: string }>();

  // @ts-expect-error 'titel' is not a field of PolicyBookDto
  await resource.query({ fields: 'id,titel' });
  // @ts-expect-error 'author.nme' is not a field of the related DTO
  await resource.findById(1, { fields: 'author{nme}' });
  // @ts-expect-error a misspelt meta field of an envelope
  await resource.query({ fields: 'items{id},meta{hasNext}' });
  // @ts-expect-error an envelope is a page's projection, not an item's
  await resource.findOne({ id: 1 }, { fields: 'items{id}' });
  // @ts-expect-error an unclosed brace
  await resource.query({ fields: 'author{name' });
  // The server's where of findOne is the delegate's where-input: a misspelt column does not compile.
  await resource.findOne({ isbn: '978-0', author: { is: { name: 'Ann' } } });
  // @ts-expect-error 'isbm' is not a column of Book
  await resource.findOne({ isbm: '978-0' });
}
void reads;

// The building blocks, for a controller's own routes.
expectTypeOf<ProjectedItem<PolicyBookDto, 'pages'>>().toEqualTypeOf<{ pages: number }>();
expectTypeOf<ProjectedItem<PolicyBookDto>>().toEqualTypeOf<Partial<PolicyBookDto>>();
expectTypeOf<ProjectedPage<PolicyBookDto, 'id'>>().toEqualTypeOf<{
  items: { id: number }[];
  meta: PageMeta;
}>();
const query: FieldsQuery<PolicyBookDto, 'title'> = { fields: 'title' };
void query;
// @ts-expect-error FieldsQuery refuses a name the DTO does not have
const wrong: FieldsQuery<PolicyBookDto, 'nope'> = { fields: 'nope' };
void wrong;
