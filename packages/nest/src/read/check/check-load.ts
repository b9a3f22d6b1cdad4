import type { FieldSelection } from '@facet/core';
import { isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import { getFieldSchema } from '../../projection/field-schema.js';
import type { DtoClass, RelationFieldDefinition } from '../../projection/field-schema.types.js';
import { argumentKind } from './argument-fields.js';
import { FieldListCheck } from './check-field-lists.js';
import type { Path } from './check-state.js';
import { COUNT_KEY, NULLS_ORDER, RELATION_LOAD_ARGS, SORT_DIRECTIONS } from './prisma-operators.js';
import type { PlainRecord } from './read-call.js';

/** The walks of sorts, includes, selects and `_count`s, on top of the where walk they reach. */
export class QueryCheck extends FieldListCheck {
  /**
   * Each argument of `args` by its row of `ARGUMENT_FIELDS` (argument-fields.ts), the one table of
   * which arguments name fields: a read's top level, and a loaded relation's arguments. A key no
   * read takes is left to `refuseUnknownKeys` (or, under a relation, refused by `relationArgs`).
   */
  arguments(
    args: PlainRecord,
    dto: DtoClass,
    model: ModelTypes | undefined,
    path: Path,
    depth: number,
  ): undefined {
    for (const [key, value] of Object.entries(args)) {
      if (value === undefined) continue;
      const at = [...path, key];
      const kind = argumentKind(key);
      switch (kind) {
        case 'where':
          this.where(value, dto, model, at, 1);
          break;
        case 'orderBy':
          this.orderBy(value, dto, at, 1);
          break;
        case 'include':
        case 'select':
          this.load(value, dto, model, at, kind, depth);
          break;
        case 'omit':
          this.omit(value, dto, at);
          break;
        case 'cursor':
          this.cursor(value, dto, model, at);
          break;
        case 'distinct':
          this.distinct(value, dto, at);
          break;
        case 'aggregate':
          this.aggregate(key, value, dto, at);
          break;
        case 'fields': // the projection parses and checks it
        case 'group': // check-group.ts checks a group's keys with its selections
        case 'none':
        case undefined:
          break;
        default:
          return kind satisfies never;
      }
    }
  }

  orderBy(value: unknown, dto: DtoClass, path: Path, depth: number): undefined {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      if (value.length > this.budget.maxOrderBy) this.tooManySorts(path);
      for (const [index, item] of value.entries()) this.orderByObject(item, dto, [...path, index], depth);
      return;
    }
    this.orderByObject(value, dto, path, depth);
  }

  protected tooManySorts(path: Path): never {
    const limit = this.budget.maxOrderBy;
    return this.exceeded({
      code: 'too_many',
      path,
      limit,
      message: `at most ${limit} sort keys are allowed`,
    });
  }

  protected orderByObject(value: unknown, dto: DtoClass, path: Path, depth: number): undefined {
    if (!isPlainObject(value)) return this.typeIssue(path, 'an object of field: asc | desc');
    if (depth > this.budget.maxWhereDepth) return this.tooDeep(path, this.budget.maxWhereDepth, 'sorts');
    const entries = Object.entries(value);
    if (entries.length > this.budget.maxOrderBy) this.tooManySorts(path);
    for (const [key, direction] of entries) {
      const at = [...path, key];
      const field = this.field(dto, key, at);
      if (field?.kind === 'scalar') this.direction(direction, at);
      else if (field?.kind === 'relation' && !field.isArray)
        this.orderByObject(direction, field.target, at, depth + 1);
      else if (field?.kind === 'relation') {
        // A to-many relation sorts by its number of rows only.
        const keys = isPlainObject(direction) ? Object.keys(direction) : [];
        if (keys.length === 1 && keys[0] === COUNT_KEY)
          this.direction((direction as PlainRecord)[COUNT_KEY], [...at, COUNT_KEY]);
        else
          this.report({
            code: 'invalid_value',
            path: at,
            message: 'a to-many relation sorts by _count only',
          });
      }
    }
  }

  protected direction(value: unknown, path: Path): undefined {
    if (typeof value === 'string' && SORT_DIRECTIONS.has(value)) return;
    if (isPlainObject(value) && typeof value.sort === 'string' && SORT_DIRECTIONS.has(value.sort)) {
      const extra = Object.keys(value).filter((key) => key !== 'sort' && key !== 'nulls');
      const nulls = value.nulls;
      if (
        extra.length === 0 &&
        (nulls === undefined || (typeof nulls === 'string' && NULLS_ORDER.has(nulls)))
      )
        return;
    }
    this.report({ code: 'invalid_value', path, message: 'the sort direction must be asc or desc' });
  }

  /** An `include` tree (relations only) or a `select` tree (scalars too). */
  load(
    tree: unknown,
    dto: DtoClass,
    model: ModelTypes | undefined,
    path: Path,
    kind: 'include' | 'select',
    depth: number,
  ): undefined {
    if (tree === undefined) return;
    if (!isPlainObject(tree)) return this.typeIssue(path, 'an object');
    if (depth > this.budget.maxIncludeDepth)
      return this.tooDeep(path, this.budget.maxIncludeDepth, 'relations');
    for (const [key, value] of Object.entries(tree)) {
      const at = [...path, key];
      if (key === COUNT_KEY) {
        this.relationCount(value, dto, model, at);
        continue;
      }
      const field = this.field(dto, key, at);
      if (!field || value === false) continue;
      if (field.kind === 'scalar') {
        if (kind === 'include') this.report({ code: 'invalid_value', path: at, message: 'not a relation' });
        else if (value !== true) this.typeIssue(at, 'true or false');
        continue;
      }
      this.countInclude(at);
      if (value === true) continue;
      if (!isPlainObject(value)) {
        this.typeIssue(at, 'true, false or relation arguments');
        continue;
      }
      this.relationArgs(value, field, model?.relation(field.relation), at, depth);
    }
  }

  protected relationArgs(
    args: PlainRecord,
    field: RelationFieldDefinition,
    model: ModelTypes | undefined,
    path: Path,
    depth: number,
  ): undefined {
    for (const key of Object.keys(args)) {
      const allowed = field.isArray ? RELATION_LOAD_ARGS.has(key) : key === 'include' || key === 'select';
      if (!allowed)
        this.report({ code: 'unknown_key', path: [...path, key], message: 'unknown relation argument' });
    }
    for (const key of ['take', 'skip'] as const) {
      const value = args[key];
      if (value !== undefined && !(typeof value === 'number' && Number.isSafeInteger(value) && value >= 0)) {
        this.typeIssue([...path, key], 'a non-negative integer');
      }
    }
    this.arguments(args, field.target, model, path, depth + 1);
  }

  /** Relations a `fields` selection loads; unknown names are left to the projection's own check. */
  selectedRelations(selection: FieldSelection, dto: DtoClass, path: Path, depth: number): undefined {
    for (const [name, child] of Object.entries(selection)) {
      const field = getFieldSchema(dto).fields.get(name);
      if (field?.kind !== 'relation') continue;
      const at = [...path, name];
      if (depth > this.budget.maxIncludeDepth)
        return this.tooDeep(at, this.budget.maxIncludeDepth, 'relations');
      this.countInclude(at);
      if (child !== true && child !== undefined) this.selectedRelations(child, field.target, at, depth + 1);
    }
  }

  /** `_count: true`, or `_count: { select: { <to-many relation>: true | { where } } }`. */
  protected relationCount(
    value: unknown,
    dto: DtoClass,
    model: ModelTypes | undefined,
    path: Path,
  ): undefined {
    if (value === false) return;
    if (value === true) return this.countInclude(path);
    const select = isPlainObject(value) && Object.keys(value).length === 1 ? value.select : undefined;
    if (!isPlainObject(select)) return this.typeIssue(path, 'true or { select: { <relation>: true } }');
    for (const [key, args] of Object.entries(select)) {
      const at = [...path, 'select', key];
      const field = this.field(dto, key, at);
      if (!field || args === false) continue;
      if (field.kind !== 'relation' || !field.isArray) {
        this.report({ code: 'invalid_value', path: at, message: 'only to-many relations can be counted' });
        continue;
      }
      this.countInclude(at);
      if (args === true) continue;
      if (isPlainObject(args) && Object.keys(args).every((k) => k === 'where')) {
        this.where(args.where, field.target, model?.relation(field.relation), [...at, 'where'], 1);
      } else this.typeIssue(at, 'true or { where }');
    }
  }
}
