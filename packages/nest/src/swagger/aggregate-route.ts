import type { Type } from '@nestjs/common';
import { ApiOkResponse, ApiQuery } from '@nestjs/swagger';
import type { ModelTypes } from '../model/model-types.js';
import { getFieldSchema } from '../projection/field-schema.js';
import type { DtoClass, FieldContext } from '../projection/field-schema.types.js';
import { type AggregateUse, aggregateAccepts } from '../read/check/aggregate-types.js';
import { aggregatable } from '../read/check/check-aggregate.js';
import { ApiFacetQuery } from './api-facet-query.decorator.js';
import type { SchemaObject } from './openapi-types.js';
import { FACET_DTO_EXTENSION } from './schemas.js';

const SELECTION: SchemaObject = { type: 'object', additionalProperties: { type: 'boolean' } };
/** An aggregate's values by field: numbers, or exact strings for Decimals and BigInts, dates as ISO text. */
const VALUES: SchemaObject = {
  type: 'object',
  additionalProperties: { oneOf: [{ type: 'number' }, { type: 'string' }], nullable: true },
};
const AGGREGATE_PROPERTIES: Record<string, SchemaObject> = {
  _count: { oneOf: [{ type: 'integer' }, { type: 'object', additionalProperties: { type: 'integer' } }] },
  _min: VALUES,
  _max: VALUES,
  _avg: VALUES,
  _sum: VALUES,
};
const AGGREGATE_OBJECT: SchemaObject = { type: 'object', properties: AGGREGATE_PROPERTIES };

/**
 * The parameters and answers of `GET /aggregate`: the filter and search of a count, the five
 * selections, `by` and a group's `orderBy`; the aggregate object, or with `by` `{ items }` of groups.
 */
export function aggregateRoute(dto: Type<object>): MethodDecorator[] {
  const mark = { [FACET_DTO_EXTENSION]: dto.name };
  const selection = (name: string, description: string) =>
    ApiQuery({
      name,
      required: false,
      style: 'deepObject',
      explode: true,
      schema: { ...SELECTION, ...mark } as Record<string, unknown>,
      description,
    });
  return [
    ApiFacetQuery({ paging: false, search: true, fields: false, relations: false, dto }),
    selection(
      '_count',
      '`_count=true`, `_count._all=true`, or `_count.<field>=true` (rows where it is not null)',
    ),
    selection('_min', '`_min.<field>=true`: the smallest value (not of a Boolean, Bytes or Json field)'),
    selection('_max', '`_max.<field>=true`: the largest value (not of a Boolean, Bytes or Json field)'),
    selection('_avg', '`_avg.<field>=true`: the mean of a numeric field'),
    selection(
      '_sum',
      '`_sum.<field>=true`: the total of a numeric field; Decimals and BigInts as exact strings',
    ),
    ApiQuery({
      name: 'by',
      required: false,
      schema: {
        oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }],
        ...mark,
      } as Record<string, unknown>,
      description:
        'Groups the rows by a field (`by=genre`) or a JSON array of fields (`by=["genre","published"]`); the ' +
        'answer is then `{ items }`, ordered by the `by` fields unless `orderBy` names a `by` field or an ' +
        'aggregate (`orderBy=[{"_count":{"id":"desc"}}]`). More groups than the resource allows (`maxGroups`, ' +
        'default 1,000) is a 400 `too_many`: narrow the filter. `having` is refused (400): filter with `where`.',
    }),
    ApiOkResponse({
      description:
        'Without `by`, the aggregate object; with `by`, the groups, each with its `by` values and the ' +
        'selections asked for. Every field named must be one the caller may see: a hidden one is the 400 of a ' +
        'misspelt one.',
      schema: {
        oneOf: [
          AGGREGATE_OBJECT,
          {
            type: 'object',
            required: ['items'],
            properties: {
              items: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: AGGREGATE_PROPERTIES,
                  additionalProperties: true,
                },
              },
            },
          },
        ],
      },
    }),
  ];
}

const AGGREGATE_PARAMETERS: ReadonlySet<string> = new Set(['_count', '_min', '_max', '_avg', '_sum', 'by']);

/**
 * The schema of `by` or of a selection for one caller (`describeResourceQueries`): the fields it may
 * name there, as the check stage decides (`aggregatable`, `AGGREGATE_TYPES`), so a hidden field is
 * named nowhere; `undefined` for any other parameter.
 */
export function aggregateParameterSchema(
  name: string,
  dto: DtoClass,
  model: ModelTypes | undefined,
  context: FieldContext,
): SchemaObject | undefined {
  if (!AGGREGATE_PARAMETERS.has(name)) return undefined;
  const use = name as AggregateUse;
  const target = { dto, context, model };
  const fields = [...getFieldSchema(dto).fields.keys()].filter(
    (field) => aggregatable(target, field) && aggregateAccepts(model, field, use),
  );
  if (use === 'by') {
    const field: SchemaObject = { type: 'string', enum: fields };
    return { oneOf: [field, { type: 'array', items: field, minItems: 1 }] };
  }
  const properties: Record<string, SchemaObject> = Object.fromEntries(
    fields.map((field) => [field, { type: 'boolean' }]),
  );
  if (use === '_count')
    return {
      oneOf: [
        { type: 'boolean', enum: [true] },
        {
          type: 'object',
          properties: { _all: { type: 'boolean' }, ...properties },
          additionalProperties: false,
        },
      ],
    };
  return { type: 'object', properties, additionalProperties: false };
}
