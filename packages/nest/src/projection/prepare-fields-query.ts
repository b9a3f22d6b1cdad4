import {
  FacetQueryError,
  type FieldSelection,
  isFacetQueryError,
  type ParseFieldsOptions,
} from '@facet/core';
import { asHttpError } from '../errors/facet-query.exception.js';
import { FieldProjection } from './field-projection.js';
import { getFieldSchema } from './field-schema.js';
import type { DtoClass, FieldContext } from './field-schema.types.js';
import { identitySources, includesFor, selectFor } from './load-plan.js';
import { type IncludeTree, mergeIncludeTrees } from './merge-relation-args.js';
import { parseFieldsCached } from './parse-fields-cached.js';
import { type ResolvedSelection, resolveSelection } from './resolve-selection.js';

export interface PrepareFieldsQueryOptions {
  /**
   * Relations the endpoint always needs, in include shape (docs/spec-conformance.md#44-fields-projection, rule 3). The client's `include`
   * extends it: relations of both are loaded, and a client `where` on a relation narrows the
   * endpoint's (both apply), never replaces it.
   * @default {}
   */
  readonly baseInclude?: IncludeTree;
  /** Passed to every `expose` rule of the DTO's fields. @default {} */
  readonly context?: FieldContext;
  /**
   * With a `fields` expression, read only the columns it needs: the query gets a Prisma `select`
   * (the requested scalars' `source` columns, `alwaysSelect`, and the relations) instead of an
   * `include`, and mappers see only those columns. Off by default, because the specification's
   * rules 1–2 promise the includes merged into the query and the client's includes kept
   * (docs/spec-conformance.md#44-fields-projection); `ResourceQuery` turns it
   * on, since its mappers are written for it and it reads less data. An extension, not from the
   * spec.
   * @default false
   */
  readonly pushDown?: boolean;
  /**
   * Columns of the root model read whenever a `select` is pushed down, whatever `fields` asks for.
   * Facet default, not from the spec.
   * @default the `source` of the DTO's `id` field, if it declares one
   */
  readonly alwaysSelect?: readonly string[];
  /** Limits of the `fields` grammar (`maxDepth`, `maxLength`, `maxFields`); core's defaults. */
  readonly fieldsOptions?: ParseFieldsOptions;
}

/** The query a `prepareFieldsQuery` caller may pass: any object; these members are read. */
export interface FieldsQueryInput {
  readonly fields?: unknown;
  readonly include?: unknown;
  readonly select?: unknown;
}

/** The prepared query: a copy of the input without `fields`, with the merged `include`/`select`. */
export type PreparedQuery<TQuery> = Omit<TQuery, 'fields' | 'include' | 'select'> & {
  include?: IncludeTree;
  select?: Record<string, unknown>;
};

export interface PreparedFieldsQuery<TQuery> {
  readonly query: PreparedQuery<TQuery>;
  readonly projection: FieldProjection;
}

/**
 * Prepares a read for a `fields` projection (docs/spec-conformance.md#44-fields-projection): parses and checks `fields` against the
 * DTO's field schema, merges the includes it needs with `baseInclude` and the client's `include`
 * into a copy of the query (rules 1–4), and returns the projection for `Fields.project` (rule 5).
 * The input query is never mutated. `fields` is consumed: the returned query has none.
 *
 * @throws {FacetQueryException} (400) for a malformed `fields`, an unknown or hidden field, or braces
 *   after a scalar field; each issue names the path (`fields.author.nme`) and the position.
 */
export function prepareFieldsQuery<TQuery extends FieldsQueryInput>(
  query: TQuery,
  dto: DtoClass,
  options: PrepareFieldsQueryOptions = {},
): PreparedFieldsQuery<TQuery> {
  return asHttpError(() => {
    const selection = query.fields === undefined ? undefined : parseFieldsParameter(query.fields, options);
    return prepareWithSelection(query, dto, selection, [], options);
  });
}

// `ResourceQuery` imports it from here.
export { asHttpError };

/** Parses the `fields` parameter, reporting every issue under the `fields` path. */
export function parseFieldsParameter(fields: unknown, options: PrepareFieldsQueryOptions): FieldSelection {
  if (typeof fields !== 'string') {
    throw new FacetQueryError([
      { code: 'invalid_type', path: ['fields'], expected: 'a string', message: 'fields must be a string.' },
    ]);
  }
  try {
    return parseFieldsCached(fields, options.fieldsOptions);
  } catch (error) {
    if (!isFacetQueryError(error)) throw error;
    const [first, ...rest] = error.issues.map((issue) => ({ ...issue, path: ['fields', ...issue.path] }));
    throw new FacetQueryError([first!, ...rest], { cause: error });
  }
}

/**
 * The shared core of `prepareFieldsQuery` and `ResourceQuery`: `selection` is already parsed (the
 * envelope's `items{…}` for a paged read), `prefix` is where it sits in the expression.
 * @internal
 */
export function prepareWithSelection<TQuery extends FieldsQueryInput>(
  query: TQuery,
  dto: DtoClass,
  selection: FieldSelection | undefined,
  prefix: readonly string[],
  options: PrepareFieldsQueryOptions,
): PreparedFieldsQuery<TQuery> {
  const schema = getFieldSchema(dto);
  const context = options.context ?? {};
  const resolved: ResolvedSelection | undefined =
    selection === undefined
      ? undefined
      : resolveSelection(selection, schema, { text: String(query.fields), prefix, context });

  const { fields: _fields, include: clientInclude, select: clientSelect, ...rest } = query;
  const clientTree = asTree(clientInclude, 'include');
  const explicit = mergeIncludeTrees(options.baseInclude, clientTree);
  const merged = resolved ? mergeIncludeTrees(explicit, includesFor(resolved)) : explicit;
  const out: Record<string, unknown> = { ...rest };

  const pushDown = resolved !== undefined && options.pushDown === true;
  const select = asTree(clientSelect, 'select');
  if (pushDown) {
    // The endpoint's own includes load whole (its mapper may need more than the projection shows);
    // a client's bare `include.author=true` next to `fields=author{name}` asks for no more than the
    // projection, so that relation is narrowed to the selected columns like any projected one.
    const loadWhole = mergeIncludeTrees(options.baseInclude, withoutProjectedRelations(clientTree, resolved));
    const pushed = selectFor(resolved, loadWhole, options.alwaysSelect ?? identitySources(schema));
    out.select = select ? mergeIncludeTrees(select, pushed, ['select']) : pushed;
  } else if (select) {
    // Prisma refuses `select` next to `include`: the relations to load join the client's select.
    out.select = mergeIncludeTrees(select, merged, ['select']);
  } else if (Object.keys(merged).length > 0) {
    out.include = merged;
  }
  return {
    query: out as PreparedQuery<TQuery>,
    projection: new FieldProjection(schema, resolved, context),
  };
}

/** `tree` without its bare `true` entries for relations the selection projects with sub-fields. */
function withoutProjectedRelations(
  tree: IncludeTree | undefined,
  selection: ResolvedSelection,
): IncludeTree | undefined {
  if (tree === undefined) return undefined;
  const projected = new Set<string>();
  for (const { field, child } of selection.entries) {
    if (field.kind === 'relation' && child !== undefined) projected.add(field.relation);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    if (!(value === true && projected.has(key))) out[key] = value;
  }
  return out as IncludeTree;
}

function asTree(value: unknown, name: 'include' | 'select'): IncludeTree | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new FacetQueryError([
      { code: 'invalid_type', path: [name], expected: 'an object', message: `${name} must be an object.` },
    ]);
  }
  return value as IncludeTree;
}
