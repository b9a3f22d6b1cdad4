import { decodedText, FacetQueryError, isPlainObject } from '@facet/core';
import { FacetConfigurationError } from '../../errors/facet-configuration.error.js';
import type { ModelTypes } from '../../model/model-types.js';
import { getFieldSchema, isFieldVisible } from '../../projection/field-schema.js';
import type { DtoClass, FieldContext, ScalarFieldDefinition } from '../../projection/field-schema.types.js';
import { escapeLikePattern } from './literal-operands.js';
import { isCleanText } from './operands.js';
import { type QueryBudget, resolveQueryBudget } from './query-budget.js';
import type { DelegateArgs } from './read-call.js';
import { serverWhere } from './server-where.js';

/** What a search (`q`) needs of its resource. */
export interface SearchTarget {
  /** The DTO whose `@Field({ searchable: true })` fields are searched, as the caller may see them. */
  readonly dto: DtoClass;
  /** The model's field types: a searchable field must be one of its String columns. */
  readonly model: ModelTypes | undefined;
  /**
   * The database (`ResolvedModel.provider`): PostgreSQL (and CockroachDB) compare with Prisma's
   * `mode: 'insensitive'` (ILIKE); the others have no such mode and compare as the column's
   * collation does (MySQL's and MariaDB's default collations are case-insensitive).
   */
  readonly provider: string | undefined;
  /** Its `maxSearchLength` bounds the text. */
  readonly budget?: QueryBudget | undefined;
}

/** The where-input of a search: the server's own (`serverWhere`), its text already escaped. */
export type SearchWhere = { readonly OR: readonly object[] };

const INSENSITIVE_PROVIDERS: ReadonlySet<string> = new Set(['postgresql', 'cockroachdb']);
const searchable = new WeakMap<DtoClass, readonly ScalarFieldDefinition[]>();

/**
 * The DTO's searchable fields, checked once against the model: each must map to a String column of
 * the resource's own model one-to-one (a `source` of its own or another type would make `contains`
 * a database error at the first search, a 500).
 * @throws {FacetConfigurationError} naming the field.
 */
export function searchableFields(
  dto: DtoClass,
  model: ModelTypes | undefined,
): readonly ScalarFieldDefinition[] {
  const known = searchable.get(dto);
  if (known !== undefined) return known;
  const fields: ScalarFieldDefinition[] = [];
  for (const field of getFieldSchema(dto).fields.values()) {
    if (field.kind !== 'scalar' || !field.searchable) continue;
    const ownColumn = field.sources.length === 1 && field.sources[0] === field.name;
    const type = model?.scalar(field.name);
    if (!ownColumn || (model !== undefined && (type !== 'String' || model.list(field.name) === true))) {
      throw new FacetConfigurationError(
        `${dto.name}.${field.name} is marked searchable, but only a field that is a String column of ` +
          'its own name can be searched (no `source`, not a list).',
      );
    }
    fields.push(field);
  }
  searchable.set(dto, fields);
  return fields;
}

function refuse(
  code: 'invalid_type' | 'unknown_key' | 'invalid_value',
  message: string,
  limit?: number,
): never {
  const path = ['q'];
  if (code === 'invalid_type') throw new FacetQueryError([{ code, path, expected: 'a text', message }]);
  throw new FacetQueryError([{ code, path, message, ...(limit === undefined ? {} : { limit }) }]);
}

/** The text of `q` as the client sent it (`q=978` decodes as a number; its text is searched). */
function searchText(query: object, value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof String) return value.valueOf();
  if (value === null || typeof value === 'number' || typeof value === 'boolean') {
    return decodedText(query, 'q') ?? String(value);
  }
  return refuse('invalid_type', 'q must be a text');
}

/**
 * The check stage of a search (`q`): the where-input that matches the rows where any searchable
 * field of the DTO that this caller may see contains the text, or `undefined` when there is no
 * search (`q` absent or empty). Any read that filters many rows (list, count, aggregate, export)
 * calls it with the client's query, and ANDs the result with the client's `where` by `withSearch`.
 *
 * - The text matches literally: `\`, `%` and `_` are escaped as in every LIKE pattern of a client
 *   (`escapeLikePattern`), whatever the `literalSearch` option.
 * - Case-insensitively on PostgreSQL (`mode: 'insensitive'`); elsewhere as the column's collation
 *   compares (MySQL's and MariaDB's default collations are case-insensitive).
 * - A field hidden from the caller is not searched: no answer can depend on its values.
 * - A resource with no searchable field the caller may see refuses `q` (400 `unknown_key`), the
 *   same answer whether it has none or hides them all.
 * - The text is at most `maxSearchLength` characters (a 400 `invalid_value` with the `limit` above), has no NUL, and is
 *   a text (a list or an object is a 400 `invalid_type`).
 *
 * @throws {FacetQueryError} naming the path `q`.
 */
export function checkSearch(
  query: { readonly q?: unknown },
  target: SearchTarget,
  context: FieldContext,
): SearchWhere | undefined {
  const value = query.q;
  if (value === undefined) return undefined;
  const text = searchText(query, value);
  if (text === '') return undefined;
  const { maxSearchLength } = resolveQueryBudget(target.budget);
  if (text.length > maxSearchLength) {
    refuse('invalid_value', `q may have at most ${maxSearchLength} characters`, maxSearchLength);
  }
  if (!isCleanText(text)) refuse('invalid_type', 'text with NUL characters is not accepted');
  const visible = searchableFields(target.dto, target.model).filter((field) =>
    isFieldVisible(field, context),
  );
  if (visible.length === 0) refuse('unknown_key', 'This resource has no searchable field.');
  const pattern = escapeLikePattern(text);
  const mode =
    target.provider !== undefined && INSENSITIVE_PROVIDERS.has(target.provider)
      ? { mode: 'insensitive' }
      : {};
  const where: SearchWhere = {
    OR: visible.map((field) => ({ [field.name]: { contains: pattern, ...mode } })),
  };
  return serverWhere(where);
}

/**
 * The checked arguments of a read with the search ANDed into their `where`. A `where` with an empty
 * top-level `OR` matches nothing already and is kept as it is: Prisma drops an `OR: []` nested
 * under an `AND` (see `read/scope/empty-or.ts`).
 */
export function withSearch<T extends DelegateArgs>(args: T, search: SearchWhere | undefined): T {
  if (search === undefined) return args;
  const { where } = args;
  if (isPlainObject(where) && Array.isArray(where.OR) && where.OR.length === 0) return args;
  return { ...args, where: where === undefined ? search : { AND: [search, where] } };
}
