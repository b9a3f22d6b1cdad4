import { FacetQueryError, type IssuePath, isPlainObject } from '@facet/core';
import { FacetConfigurationError } from '../../errors/facet-configuration.error.js';
import type { ModelTypes } from '../../model/model-types.js';
import { getFieldSchema } from '../../projection/field-schema.js';
import type { DtoClass } from '../../projection/field-schema.types.js';
import { identitySources } from '../../projection/load-plan.js';
import { COUNT_KEY, LOGICAL_OPERATORS, TO_MANY_FILTERS } from '../check/prisma-operators.js';
import type { PlainRecord } from '../check/read-call.js';
import { serverWhere } from '../check/server-where.js';
import { AccessScope } from './access-scope.js';
import { getAccessSubject } from './access-subject.js';
import { relationNamed } from './relation-named.js';
import { scopeToOneFilter } from './scope-to-one-filter.js';

export interface RelationScopeOptions {
  /**
   * The access filter of the rows of `subject` for this read (see `@AccessSubject`). `undefined` or
   * `{}` means every row; a filter with an empty top-level `OR` means none.
   * @default () => undefined (relations are only capped, not filtered)
   */
  readonly accessFor?: (subject: string) => object | undefined;
  /** The largest `take` of a to-many load; a load without one gets this one. */
  readonly maxIncludeTake: number;
  /**
   * The field types of the read's model. A `null` filter on a to-one relation they say is required
   * is left as it is, for Prisma to refuse for every caller alike.
   * @default undefined (every to-one relation may be absent)
   */
  readonly model?: ModelTypes | undefined;
}

/**
 * Carries access into relations (docs/SECURITY.md section 4). QueryService merges the root subject's filter
 * into the root `where` only; this rewrites the rest of a read's arguments so that related rows
 * the caller may not read are neither loaded, nor matched, nor counted:
 *
 * - a to-many `include`/`select` gets `where: { AND: [access, <its where>] }` and a `take` (capped);
 * - `some`/`none` get the access filter ANDed in; `every: X` becomes `none: { AND: [access, { NOT: X }] }`
 *   (every readable row matches; unreadable ones do not count either way);
 * - a to-one filter reads a related row the caller may not read as a missing one (`scopeToOneFilter`);
 * - `_count` counts readable rows only (`_count: true` expands to the DTO's to-many relations);
 * - Prisma cannot filter the rows a sort reads through a relation: a sort by a relation count, or by
 *   a field of a to-one relation, is refused where that relation's subject is filtered for the caller.
 *   The decision depends on the caller's access and the query, never on the data.
 *
 * The walk follows the DTO's declared relations (their `isArray` and target DTO); keys it does not
 * know are copied unchanged. Prisma evaluates an `OR: []` nested under `AND` as true, so "no rows"
 * is written as `{ <id>: { in: [] } }` instead. The input is not mutated.
 *
 * @throws {FacetQueryError} (400) for a to-many `take` beyond the cap, or a refused relation sort.
 * @throws {FacetConfigurationError} when "no rows" is needed for a DTO without an `id` field.
 */
export function scopeRelationAccess<TArgs extends object>(
  args: TArgs,
  dto: DtoClass,
  options: RelationScopeOptions,
): TArgs {
  const { accessFor } = options;
  const scope = new AccessScope(accessFor === undefined ? undefined : (subject) => accessFor(subject) ?? {});
  return scopeRelations(args, dto, scope, options);
}

/** `scopeRelationAccess` with the read's `AccessScope`. */
export function scopeRelations<TArgs extends object>(
  args: TArgs,
  dto: DtoClass,
  scope: AccessScope,
  options: Omit<RelationScopeOptions, 'accessFor'>,
): TArgs {
  return new RelationScope(scope, options).args(args as PlainRecord, dto, options.model, []) as TArgs;
}

type Path = IssuePath;
type Model = ModelTypes | undefined;

const isEmptyRecord = (value: unknown) => isPlainObject(value) && Object.keys(value).length === 0;
const and = (access: PlainRecord, inner: unknown): PlainRecord => ({ AND: [access, inner] });

class RelationScope {
  constructor(
    private readonly scope: AccessScope,
    private readonly options: Omit<RelationScopeOptions, 'accessFor'>,
  ) {}

  /** The access filter of a DTO's rows, or `undefined` when every row is readable. */
  private access(dto: DtoClass): PlainRecord | undefined {
    const subject = getAccessSubject(dto);
    const filter = this.scope.filter(subject);
    if (filter.rows === 'all') return undefined;
    return filter.rows === 'none' ? serverWhere(noRows(dto, subject as string)) : filter.where;
  }

  args(args: PlainRecord, dto: DtoClass, model: Model, path: Path): PlainRecord {
    const out: PlainRecord = { ...args };
    if (isPlainObject(args.where)) out.where = this.where(args.where, dto, model);
    if (args.orderBy !== undefined) this.orderBy(args.orderBy, dto, [...path, 'orderBy']);
    if (isPlainObject(args.include)) out.include = this.load(args.include, dto, model, [...path, 'include']);
    if (isPlainObject(args.select)) out.select = this.load(args.select, dto, model, [...path, 'select']);
    return out;
  }

  private load(tree: PlainRecord, dto: DtoClass, model: Model, path: Path): PlainRecord {
    const out: PlainRecord = {};
    for (const [key, value] of Object.entries(tree)) {
      const at = [...path, key];
      if (key === COUNT_KEY) {
        out[key] = this.count(value, dto, model);
        continue;
      }
      const relation = relationNamed(dto, key);
      if (!relation || value === false || value === undefined || value === null) {
        out[key] = value;
        continue;
      }
      const nested = isPlainObject(value) ? this.args(value, relation.target, model?.relation(key), at) : {};
      if (relation.isArray) {
        const access = this.access(relation.target);
        if (access) nested.where = nested.where === undefined ? access : and(access, nested.where);
        nested.take = this.take(nested.take, [...at, 'take']);
      }
      out[key] = Object.keys(nested).length === 0 ? true : nested;
    }
    return out;
  }

  private take(take: unknown, path: Path): unknown {
    const limit = this.options.maxIncludeTake;
    if (take === undefined) return limit;
    if (typeof take === 'number' && Number.isSafeInteger(take) && Math.abs(take) <= limit) return take;
    throw new FacetQueryError([
      { code: 'invalid_value', path, limit, message: `take of a relation must not be greater than ${limit}` },
    ]);
  }

  private count(value: unknown, dto: DtoClass, model: Model): unknown {
    if (value === true) {
      const select: PlainRecord = {};
      for (const field of getFieldSchema(dto).fields.values()) {
        if (field.kind !== 'relation' || !field.isArray) continue;
        const access = this.access(field.target);
        select[field.relation] = access ? { where: access } : true;
      }
      return Object.keys(select).length === 0 ? value : { select };
    }
    if (!isPlainObject(value) || !isPlainObject(value.select)) return value;
    const select: PlainRecord = {};
    for (const [key, args] of Object.entries(value.select)) {
      const relation = relationNamed(dto, key);
      if (!relation?.isArray || args === false || args === undefined) {
        select[key] = args;
        continue;
      }
      const access = this.access(relation.target);
      const where =
        isPlainObject(args) && isPlainObject(args.where)
          ? this.where(args.where, relation.target, model?.relation(key))
          : undefined;
      const scoped = access && where ? and(access, where) : (access ?? where);
      select[key] = scoped === undefined ? args : { ...(isPlainObject(args) ? args : {}), where: scoped };
    }
    return { ...value, select };
  }

  private where(where: PlainRecord, dto: DtoClass, model: Model): PlainRecord {
    const out: PlainRecord = {};
    const extra: PlainRecord[] = [];
    for (const [key, value] of Object.entries(where)) {
      if (LOGICAL_OPERATORS.has(key)) {
        out[key] = Array.isArray(value)
          ? value.map((item) => (isPlainObject(item) ? this.where(item, dto, model) : item))
          : isPlainObject(value)
            ? this.where(value, dto, model)
            : value;
        continue;
      }
      const relation = relationNamed(dto, key);
      if (relation && !relation.isArray) {
        const target = model?.relation(key);
        out[key] = scopeToOneFilter(
          value,
          key,
          {
            access: this.access(relation.target),
            required: model?.nullable(key) === false,
            inner: (filter) => this.where(filter, relation.target, target),
          },
          extra,
        );
        continue;
      }
      if (!relation || !isPlainObject(value)) {
        out[key] = value;
        continue;
      }
      const access = this.access(relation.target);
      const target = model?.relation(key);
      const kept: PlainRecord = {};
      for (const [operator, filter] of Object.entries(value)) {
        const inner = isPlainObject(filter) ? this.where(filter, relation.target, target) : filter;
        // `every: {}` holds trivially; rewriting it would meet Prisma's `NOT: {}`, which it reads as true.
        if (!access || !TO_MANY_FILTERS.has(operator) || (operator === 'every' && isEmptyRecord(inner))) {
          kept[operator] = inner;
        } else if (operator === 'every') extra.push({ [key]: { none: and(access, { NOT: inner }) } });
        else kept[operator] = and(access, inner);
      }
      if (Object.keys(kept).length > 0) out[key] = kept;
    }
    if (extra.length === 0) return out;
    const existing = out.AND === undefined ? [] : Array.isArray(out.AND) ? out.AND : [out.AND];
    return { ...out, AND: [...existing, ...extra] };
  }

  private orderBy(orderBy: unknown, dto: DtoClass, path: Path): void {
    if (Array.isArray(orderBy)) {
      for (const [index, item] of orderBy.entries()) this.orderBy(item, dto, [...path, index]);
      return;
    }
    if (!isPlainObject(orderBy)) return;
    for (const [key, direction] of Object.entries(orderBy)) {
      const relation = relationNamed(dto, key);
      if (!relation) continue;
      if (!relation.isArray) {
        // Prisma has no `where` on a to-one relation in a sort: the order would rank rows by the
        // values of related rows the caller may not read (their row comes back with it as null).
        if (this.access(relation.target)) {
          throw new FacetQueryError([
            {
              code: 'invalid_value',
              path: [...path, key],
              message: 'sorting by a field of this relation is not available',
            },
          ]);
        }
        this.orderBy(direction, relation.target, [...path, key]);
      } else if (isPlainObject(direction) && COUNT_KEY in direction && this.access(relation.target)) {
        // Prisma cannot filter the rows it counts for a sort: the order would rank unreadable rows.
        throw new FacetQueryError([
          {
            code: 'invalid_value',
            path: [...path, key, COUNT_KEY],
            message: 'sorting by the number of related rows is not available',
          },
        ]);
      }
    }
  }
}

/** A where-input matching no row that Prisma keeps under `AND` (it drops a nested `OR: []`). */
function noRows(dto: DtoClass, subject: string): PlainRecord {
  const [id] = identitySources(getFieldSchema(dto));
  if (id === undefined) {
    throw new FacetConfigurationError(
      `Subject ${subject} allows no rows, and its DTO ${dto.name} declares no \`id\` field to express that with.`,
    );
  }
  return { [id]: { in: [] } };
}
