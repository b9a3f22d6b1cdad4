// The OpenAPI schemas describeResourceQueries puts on a resource's query parameters, built from a
// DTO and the field types a real Prisma client (on PGlite) reports: what may be named, with which
// operators, for which caller. The library example's openapi-types.test.ts runs a generator on the
// whole document; this suite pins the rules one by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, Resource } from '../src/index.js';
import type { ModelTypes } from '../src/model/model-types.js';
import { ResourceQuerySchemas } from '../src/swagger/resource-query-schemas.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { PolicyBookDto } from './support/policy-dtos.js';
import { openTarget, type TestTarget } from './support/targets.js';

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: PolicyBookDto });

let target: TestTarget;
let model: ModelTypes | undefined;

beforeAll(async () => {
  target = await openTarget('pglite');
  model = new Resource(books, { client: target.prisma, accessibleWhere: () => ({}) }).modelTypes;
}, 60_000);
afterAll(async () => {
  await target?.close();
});

function build(context: Record<string, unknown> = {}) {
  const schemas = new ResourceQuerySchemas(context);
  const refs = {
    where: schemas.where(PolicyBookDto, model),
    orderBy: schemas.orderBy(PolicyBookDto, model),
    include: schemas.include(PolicyBookDto, model),
    select: schemas.select(PolicyBookDto, model),
  };
  return { schemas: schemas.schemas, refs, paths: schemas.fieldPaths(PolicyBookDto) };
}

const propertiesOf = (schema: unknown): Record<string, unknown> =>
  (schema as { properties: Record<string, unknown> }).properties;

describe('resource query schemas', () => {
  it('reads the model types from the client', () => {
    expect(model?.scalar('pages')).toBe('Int');
  });

  it('names its components after the DTO and marks them x-facet-dto', () => {
    const { schemas, refs } = build();
    expect(refs.where).toEqual({ $ref: '#/components/schemas/PolicyBookDtoWhereInput' });
    expect(schemas.PolicyBookDtoWhereInput).toMatchObject({ 'x-facet-dto': 'PolicyBookDto' });
    expect(schemas.PolicyBookDtoWhereInput).toMatchObject({ additionalProperties: false });
  });

  it('gives each scalar the operators its type takes', () => {
    const { schemas } = build();
    const where = propertiesOf(schemas.PolicyBookDtoWhereInput);
    expect(where.title).toEqual({
      oneOf: [{ type: 'string' }, { $ref: '#/components/schemas/FacetStringFilter' }],
    });
    expect(where.pages).toMatchObject({
      oneOf: [{ type: 'integer' }, { $ref: '#/components/schemas/FacetIntFilter' }],
    });
    const text = Object.keys(propertiesOf(schemas.FacetStringFilter));
    expect(text).toEqual(expect.arrayContaining(['equals', 'in', 'contains', 'startsWith', 'mode', 'not']));
    const int = Object.keys(propertiesOf(schemas.FacetIntFilter));
    expect(int).toEqual(expect.arrayContaining(['equals', 'in', 'lt', 'gte']));
    expect(int).not.toContain('contains');
    expect(int).not.toContain('mode');
    expect(Object.keys(propertiesOf(schemas.FacetBooleanFilter)).sort()).toEqual(['equals', 'not']);
    // A required column is never null; `in` takes a list.
    expect(propertiesOf(schemas.FacetStringFilter).equals).toEqual({ type: 'string' });
    expect(propertiesOf(schemas.FacetIntFilter).in).toEqual({
      type: 'array',
      items: { type: 'integer', format: 'int32' },
    });
  });

  it('leaves out what the caller may not name: hidden fields, computed fields', () => {
    const anonymous = propertiesOf(build().schemas.PolicyBookDtoWhereInput);
    expect(anonymous).not.toHaveProperty('internalNote');
    expect(anonymous).not.toHaveProperty('label');
    const admin = propertiesOf(build({ role: 'admin' }).schemas.PolicyBookDtoWhereInput);
    expect(admin).toHaveProperty('internalNote');
    // A computed field can be projected, so `fields` lists it, but never filtered.
    expect(build().paths).toContain('label');
    expect(build().paths).not.toContain('internalNote');
    expect(build({ role: 'admin' }).paths).toContain('internalNote');
  });

  it('nests relations: to-one by the related where, to-many by some/every/none', () => {
    const { schemas } = build();
    const where = propertiesOf(schemas.PolicyBookDtoWhereInput);
    expect(where.author).toMatchObject({
      nullable: true,
      oneOf: [
        { $ref: '#/components/schemas/PolicyAuthorDtoWhereInput' },
        { properties: { is: {}, isNot: {} } },
      ],
    });
    expect(Object.keys(propertiesOf(where.reviews))).toEqual(['some', 'every', 'none']);
    expect(schemas.PolicyReviewDtoWhereInput).toBeDefined();
    expect(Object.keys(where)).toEqual(expect.arrayContaining(['AND', 'OR', 'NOT']));
  });

  it('sorts scalars by direction, a to-one by its fields, a to-many by _count only', () => {
    const { schemas } = build();
    const orderBy = propertiesOf(schemas.PolicyBookDtoOrderByInput);
    expect(orderBy.title).toMatchObject({ oneOf: [{ enum: ['asc', 'desc'] }, { required: ['sort'] }] });
    expect(orderBy.author).toEqual({ $ref: '#/components/schemas/PolicyAuthorDtoOrderByInput' });
    expect(orderBy.reviews).toMatchObject({
      required: ['_count'],
      properties: { _count: { enum: ['asc', 'desc'] } },
    });
  });

  it('includes relations only, selects scalars too; take and skip on a to-many only', () => {
    const { schemas } = build();
    const include = propertiesOf(schemas.PolicyBookDtoInclude);
    expect(Object.keys(include).sort()).toEqual(['_count', 'author', 'reviews']);
    const select = propertiesOf(schemas.PolicyBookDtoSelect);
    expect(select.title).toEqual({ type: 'boolean' });
    const args = (relation: unknown) =>
      Object.keys(propertiesOf((relation as { oneOf: unknown[] }).oneOf[1])).sort();
    expect(args(include.reviews)).toEqual(['include', 'orderBy', 'select', 'skip', 'take', 'where']);
    expect(args(include.author)).toEqual(['include', 'select']);
  });
});
