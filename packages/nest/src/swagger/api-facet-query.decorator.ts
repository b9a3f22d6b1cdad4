import { COUNT_MODES } from '@facet/core';
import { applyDecorators, type Type } from '@nestjs/common';
import { ApiQuery } from '@nestjs/swagger';
import { FIELDS_DESCRIPTION, FIELDS_EXAMPLES, PAGED_FIELDS_DESCRIPTION } from './fields-grammar.js';
import { FACET_DTO_EXTENSION } from './schemas.js';

export interface ApiFacetQueryOptions {
  /** Document `page`, `perPage`, `after` and the count mode `count`. @default true */
  readonly paging?: boolean;
  /** Document the search text `q` (a resource with searchable fields). @default `paging` */
  readonly search?: boolean;
  /** Document `fields`; `'detail'` leaves out the envelope rule. @default true */
  readonly fields?: boolean | 'detail';
  /** Document `include` and `select`. @default true */
  readonly relations?: boolean;
  /** Largest `perPage`, shown as the maximum. @default 100 (QueryService's default) */
  readonly maxPerPage?: number;
  /**
   * The DTO the route reads: marks the query parameters so that `describeResourceQueries` can give
   * them schemas derived from the resource. @default none (free-form objects)
   */
  readonly dto?: Type<object>;
}

const WIRE =
  'Nested objects travel as dotted keys (`where.author.name.contains=Ada`) or bracket keys (`where[author][name]=Ada`); ' +
  'arrays and objects inside arrays as URL-encoded JSON. Values that parse as JSON become those values; ' +
  'send a string that looks like one JSON-quoted (`"2024"`).';

/**
 * Documents Facet's query parameters on a route: `page`, `perPage`, `after`, `count`, `q`, `where`,
 * `orderBy`, `include`, `select` and `fields` with its grammar and examples.
 */
export function ApiFacetQuery(options: ApiFacetQueryOptions = {}): MethodDecorator & ClassDecorator {
  const decorators: (MethodDecorator & ClassDecorator)[] = [];
  const mark: Record<string, string> =
    options.dto === undefined ? {} : { [FACET_DTO_EXTENSION]: options.dto.name };
  if (options.paging ?? true) {
    decorators.push(
      ApiQuery({ name: 'page', required: false, schema: { type: 'integer', minimum: 1, default: 1 } }),
      ApiQuery({
        name: 'perPage',
        required: false,
        schema: { type: 'integer', minimum: 1, maximum: options.maxPerPage ?? 100 },
        description: 'Page size; above the maximum is a 400, never clamped.',
      }),
      ApiQuery({
        name: 'after',
        required: false,
        schema: { type: 'string', minLength: 1 },
        description:
          'Keyset paging: `meta.nextCursor` of the previous page; answers the rows after it, in the same order. ' +
          'Send the same where, orderBy and perPage; not with `page` or `before`. A cursor of another list or sort is a 400 `invalid_cursor`.',
      }),
      ApiQuery({
        name: 'before',
        required: false,
        schema: { type: 'string', minLength: 1 },
        description:
          'Keyset paging: `meta.prevCursor` of a page; answers the rows before it, in the same order. ' +
          'Send the same where, orderBy and perPage; not with `page` or `after`. A cursor of another list or sort is a 400 `invalid_cursor`.',
      }),
      ApiQuery({
        name: 'count',
        required: false,
        schema: { type: 'string', enum: [...COUNT_MODES], default: 'exact' },
        description:
          "How the page counts its matches. `exact`: a count. `estimated`: a count up to the resource's " +
          "`estimatedCountThreshold` (default 10000), the database planner's estimate above it (PostgreSQL; " +
          'exact elsewhere); `meta.countMode` says which. `none`: no count runs, and `meta` has no `itemCount` ' +
          'or `pageCount`. A `fields` envelope without totals counts nothing whatever the mode.',
      }),
    );
  }
  if (options.search ?? options.paging ?? true) {
    decorators.push(
      ApiQuery({
        name: 'q',
        required: false,
        schema: { type: 'string', ...mark },
        description:
          'Search text: the items where a searchable field (one the caller may see) contains it, literally ' +
          '(`%` and `_` are not wildcards), case-insensitively on PostgreSQL and as the column collation compares ' +
          'elsewhere, ANDed with `where`. Empty means no search. A 400 on a resource with no searchable field, ' +
          'or for a text longer than its `maxSearchLength` (default 200).',
        example: 'dune',
      }),
    );
  }
  decorators.push(
    ApiQuery({
      name: 'where',
      required: false,
      description: `Filter (the model's where input). ${WIRE}`,
      schema: { type: 'object', additionalProperties: true, ...mark },
      style: 'deepObject',
      explode: true,
      example: { published: true, author: { name: { contains: 'Ada' } } },
    }),
    ApiQuery({
      name: 'orderBy',
      required: false,
      description: 'Sort: an object, or a URL-encoded JSON array of objects (`[{"title":"asc"}]`).',
      schema: {
        oneOf: [
          { type: 'object', additionalProperties: true },
          { type: 'array', items: { type: 'object' } },
        ],
        ...mark,
      },
      example: '[{"title":"asc"}]',
    }),
  );
  if (options.relations ?? true) {
    decorators.push(
      ApiQuery({
        name: 'include',
        required: false,
        description: `Relations to load (the model's include input). ${WIRE}`,
        schema: { type: 'object', additionalProperties: true, ...mark },
        style: 'deepObject',
        explode: true,
        example: { author: true },
      }),
      ApiQuery({
        name: 'select',
        required: false,
        description: `Fields to load (the model's select input). ${WIRE}`,
        schema: { type: 'object', additionalProperties: true, ...mark },
        style: 'deepObject',
        explode: true,
      }),
    );
  }
  const fields = options.fields ?? true;
  if (fields !== false) {
    decorators.push(
      ApiQuery({
        name: 'fields',
        required: false,
        schema: { type: 'string', ...mark },
        description: fields === 'detail' ? FIELDS_DESCRIPTION : PAGED_FIELDS_DESCRIPTION,
        examples:
          fields === 'detail'
            ? { scalars: FIELDS_EXAMPLES.scalars, relation: FIELDS_EXAMPLES.relation }
            : { ...FIELDS_EXAMPLES },
      }),
    );
  }
  return applyDecorators(...decorators);
}
