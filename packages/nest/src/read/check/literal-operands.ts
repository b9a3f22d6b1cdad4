import { FacetQueryError, type IssuePath, isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import { expectedOf, INVALID, isSafeJsonPath, type OperandField, readValue } from './operands.js';
import {
  type FilterField,
  type Mode,
  modeOf,
  OPERATORS,
  type OperandShape,
  ruleOf,
  sqlClassOf,
} from './operators.js';
import { COUNT_KEY, LOGICAL_OPERATORS, TO_MANY_FILTERS, TO_ONE_FILTERS } from './prisma-operators.js';
import { isServerWhere } from './server-where.js';

/**
 * Makes every client operand literal by the operator table (`read/check/operators.ts`): a `pattern`
 * operand (`contains`, `equals` with `mode: 'insensitive'`, Json's `string_*`...) gets `\`, `%` and
 * `_` escaped, because Prisma hands it to LIKE/ILIKE as is; an `exact` one is left alone, because
 * escaping it would change what `=` compares; a `refused` cell is a 400. The field types come from
 * the model (`readModelTypes`); without them a filter object is read with the `Untyped` row.
 *
 * Only the where-trees of a read are walked (`where`, and the `where` of every relation loaded by
 * `include`, `select` and `_count`); objects marked with `serverWhere` are never entered.
 *
 * A model field whose name is a filter operator (`contains`) or a relation filter (`some`, `is`) is
 * read as that operator when its model is unknown: Facet does not support such field names.
 */
export function literalArgs<T>(args: T, model: ModelTypes | undefined, escapePatterns: boolean): T {
  return new LiteralWalk(escapePatterns).args(args, model, []) as T;
}

const LIKE_METACHARACTERS = /[\\%_]/g;

/** `\`, `%` and `_` escaped with `\`, the default LIKE escape of PostgreSQL and MySQL/MariaDB. */
export function escapeLikePattern(text: string): string {
  return text.replace(LIKE_METACHARACTERS, '\\$&');
}

type Record_ = Record<string, unknown>;

/** Copy-on-write: `record` with `key` set to `next`, copied only when something changed. */
function withEntry(
  record: Record_,
  copy: Record_ | undefined,
  key: string,
  next: unknown,
): Record_ | undefined {
  if (next === record[key]) return copy;
  const out = copy ?? { ...record };
  out[key] = next;
  return out;
}

/**
 * The structure of an operand, as far as the table fixes it without the field's type (the policy
 * checks the values): what Prisma would fail on with an error of its own, or what the database
 * would reject only on meeting a row (a malformed MySQL JSON path), never reaches either.
 */
function fitsShape(shape: OperandShape, operand: unknown): boolean {
  switch (shape) {
    case 'text':
      return typeof operand === 'string';
    case 'list':
      return Array.isArray(operand);
    case 'nullableList':
      return operand === null || Array.isArray(operand);
    case 'boolean':
      return typeof operand === 'boolean';
    case 'jsonScalar':
      return typeof operand === 'string' || (typeof operand === 'number' && Number.isFinite(operand));
    case 'jsonPath':
      return isSafeJsonPath(operand);
    default:
      return true;
  }
}

const EXPECTED_SHAPE: Record<OperandShape, string> = {
  value: 'a value',
  nullableValue: 'a value or null',
  negation: 'a value, null or a filter',
  list: 'a list',
  nullableList: 'a list or null',
  text: 'a string',
  mode: 'default or insensitive',
  boolean: 'true or false',
  jsonPath: 'a JSON path (a list of keys, or a string such as $.a.b[0])',
  jsonScalar: 'a JSON number or string',
  json: 'a JSON value',
};

const UNTYPED_FIELD: FilterField = { type: 'Untyped' };

/** A filter's field with, when the model is known, what its values must be (range, enum values). */
interface ValueField extends FilterField {
  readonly values?: OperandField | undefined;
}

function valueField(model: ModelTypes, key: string, type: OperandField['type']): OperandField {
  return { type, nullable: model.nullable(key), enumValues: model.enumValues(key) };
}

/**
 * A value outside its column's range (an Int beyond 32 bits, an enum value the type lacks) would
 * reach the database, which raises an error whatever the rows; during a read that is a 500. The
 * operand grammar (`operands.ts`) refuses it here as a 400, as the resource policy does.
 * Only checked, never replaced: a plain `QueryService` passes operands to Prisma as the caller sent them.
 */
function assertValue(
  field: OperandField,
  container: object,
  key: string | number,
  nullAllowed: boolean,
  path: IssuePath,
): void {
  // Objects are left alone: a plain one meets the walk's own shape and reserved-key checks, which
  // name it better, and a class instance is a value built in code (a Date, a Decimal, a FieldRef).
  const value = (container as Record<string | number, unknown>)[key];
  if (typeof value === 'object' && value !== null) return;
  if (readValue(field, container, key, nullAllowed) !== INVALID) return;
  const expected = expectedOf(field);
  throw new FacetQueryError([{ code: 'invalid_type', path, expected, message: `expected ${expected}` }]);
}

function assertOperandValues(
  field: OperandField,
  shape: OperandShape,
  filter: Record_,
  operator: string,
  path: IssuePath,
): void {
  const operand = filter[operator];
  if (shape === 'value' || shape === 'nullableValue' || (shape === 'negation' && !isPlainObject(operand)))
    assertValue(field, filter, operator, shape !== 'value', path);
  else if ((shape === 'list' || shape === 'nullableList') && Array.isArray(operand))
    operand.forEach((_, index) => {
      assertValue(field, operand, index, false, [...path, index]);
    });
}
const UNTYPED_ROW = OPERATORS.Untyped;
const isRelationFilter = (key: string) => TO_MANY_FILTERS.has(key) || TO_ONE_FILTERS.has(key);

class LiteralWalk {
  constructor(private readonly escapePatterns: boolean) {}

  args(args: unknown, model: ModelTypes | undefined, path: IssuePath): unknown {
    if (!isPlainObject(args) || isServerWhere(args)) return args;
    let copy: Record_ | undefined;
    if (args.where !== undefined)
      copy = withEntry(args, copy, 'where', this.where(args.where, model, [...path, 'where']));
    for (const key of ['include', 'select'] as const) {
      if (args[key] !== undefined)
        copy = withEntry(args, copy, key, this.load(args[key], model, [...path, key]));
    }
    return copy ?? args;
  }

  private load(tree: unknown, model: ModelTypes | undefined, path: IssuePath): unknown {
    if (!isPlainObject(tree)) return tree;
    let copy: Record_ | undefined;
    for (const [key, value] of Object.entries(tree)) {
      const next =
        key === COUNT_KEY
          ? this.count(value, model, [...path, key])
          : this.args(value, model?.relation(key), [...path, key]);
      copy = withEntry(tree, copy, key, next);
    }
    return copy ?? tree;
  }

  /** `_count: { select: { reviews: { where } } }`. */
  private count(value: unknown, model: ModelTypes | undefined, path: IssuePath): unknown {
    if (!isPlainObject(value) || !isPlainObject(value.select)) return value;
    const select = value.select;
    let copy: Record_ | undefined;
    for (const [key, args] of Object.entries(select)) {
      copy = withEntry(select, copy, key, this.args(args, model?.relation(key), [...path, 'select', key]));
    }
    return copy === undefined ? value : { ...value, select: copy };
  }

  private where(where: unknown, model: ModelTypes | undefined, path: IssuePath): unknown {
    if (Array.isArray(where)) {
      let copy: unknown[] | undefined;
      where.forEach((item: unknown, index) => {
        const next = this.where(item, model, [...path, index]);
        if (next === item) return;
        copy ??= where.slice();
        copy[index] = next;
      });
      return copy ?? where;
    }
    if (!isPlainObject(where) || isServerWhere(where)) return where;
    let copy: Record_ | undefined;
    for (const [key, value] of Object.entries(where)) {
      copy = withEntry(where, copy, key, this.entry(where, key, value, model, [...path, key]));
    }
    return copy ?? where;
  }

  private entry(
    where: Record_,
    key: string,
    value: unknown,
    model: ModelTypes | undefined,
    path: IssuePath,
  ): unknown {
    if (LOGICAL_OPERATORS.has(key)) return this.where(value, model, path);
    const type = model?.scalar(key);
    if (isServerWhere(value)) return value;
    if (!isPlainObject(value)) {
      // A bare value is equality; a list field's bare value is a whole list, which Prisma checks.
      if (type !== undefined && model?.list(key) !== true)
        assertValue(valueField(model as ModelTypes, key, type), where, key, true, path);
      return value;
    }
    if (type !== undefined)
      return this.filter(
        value,
        { type, list: model?.list(key), values: valueField(model as ModelTypes, key, type) },
        'default',
        path,
      );
    const relation = model?.relation(key);
    if (
      relation === undefined &&
      Object.keys(value).every((operator) => Object.hasOwn(UNTYPED_ROW, operator))
    )
      return this.filter(value, UNTYPED_FIELD, 'default', path);
    return this.relation(value, relation, path);
  }

  /** `some`/`every`/`none`/`is`/`isNot`, or the bare to-one form (a where of the related model). */
  private relation(value: Record_, model: ModelTypes | undefined, path: IssuePath): unknown {
    const keys = Object.keys(value);
    if (keys.length === 0 || !keys.every(isRelationFilter)) return this.where(value, model, path);
    let copy: Record_ | undefined;
    for (const key of keys) copy = withEntry(value, copy, key, this.where(value[key], model, [...path, key]));
    return copy ?? value;
  }

  /** One scalar filter object: each operand made literal as its cell of the table says. */
  private filter(filter: Record_, field: ValueField, inherited: Mode, path: IssuePath): Record_ {
    const mode = modeOf(filter, inherited);
    let copy: Record_ | undefined;
    for (const [operator, operand] of Object.entries(filter)) {
      if (operand === undefined) continue;
      const at = [...path, operator];
      const rule = ruleOf(field, operator);
      const sql = rule === undefined ? 'refused' : sqlClassOf(rule, mode, filter);
      if (rule !== undefined && sql !== 'refused' && !fitsShape(rule.operand, operand)) {
        const expected = EXPECTED_SHAPE[rule.operand];
        throw new FacetQueryError([
          { code: 'invalid_type', path: at, expected, message: `expected ${expected}` },
        ]);
      }
      if (sql === 'refused') {
        throw new FacetQueryError([
          {
            code: rule === undefined ? 'unknown_key' : 'invalid_value',
            path: at,
            message:
              rule === undefined
                ? 'unknown filter operator'
                : `${operator} has no literal meaning with mode ${mode} here`,
          },
        ]);
      }
      if (field.values !== undefined && rule !== undefined && field.list !== true)
        assertOperandValues(field.values, rule.operand, filter, operator, at);
      let next = operand;
      if (rule?.operand === 'negation' && isPlainObject(operand))
        next = this.filter(operand, field, mode, at);
      else if (sql === 'pattern' && this.escapePatterns && typeof operand === 'string')
        next = escapeLikePattern(operand);
      copy = withEntry(filter, copy, operator, next);
    }
    return copy ?? filter;
  }
}
