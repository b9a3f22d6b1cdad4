import { type FacetIssue, FacetQueryError, type FieldSelection, type IssuePath } from '@facet/core';
import { asHttpError } from '../errors/facet-query.exception.js';
import type { ModelTypes } from '../model/model-types.js';
import { getFieldSchema, isFieldVisible } from '../projection/field-schema.js';
import type {
  DtoClass,
  FieldContext,
  FieldDefinition,
  RelationFieldDefinition,
} from '../projection/field-schema.types.js';
import {
  expectedOf,
  INVALID,
  isCleanText,
  isSafeJsonPath,
  type OperandField,
  readValue,
  UNTYPED,
} from './operands.js';
import { type Mode, modeOf, type OperandShape, QUERY_MODES, ruleOf, sqlClassOf } from './operators.js';
import { isPlainRecord, type PlainRecord } from './plain-record.js';
import {
  COUNT_KEY,
  LOGICAL_OPERATORS,
  NULLS_ORDER,
  RELATION_LOAD_ARGS,
  SORT_DIRECTIONS,
  TO_MANY_FILTERS,
  TO_ONE_FILTERS,
} from './prisma-operators.js';
import { type QueryBudget, type ResolvedQueryBudget, resolveQueryBudget } from './query-budget.js';
import {
  type CostScope,
  insideRelationFilter,
  ROOT_COST_SCOPE,
  relationFilterCost,
  underLogical,
} from './relation-filter-cost.js';

/** The client-supplied parts of a read that name fields; other members are ignored. */
export interface QueryPolicyInput {
  readonly where?: unknown;
  readonly orderBy?: unknown;
  readonly include?: unknown;
  readonly select?: unknown;
}

export interface QueryPolicyOptions {
  /** Passed to the DTO's `expose` rules: a field hidden from this caller is not available. @default {} */
  readonly context?: FieldContext;
  /** Size limits; see `QueryBudget` for the defaults. */
  readonly budget?: QueryBudget;
  /**
   * A parsed `fields` selection of the same read, and where it sits in the parameter
   * (`['fields']`, or `['fields', 'items']` in an envelope). The relations it selects count
   * towards `maxIncludes` and `maxIncludeDepth`; its names are checked by the projection itself.
   */
  readonly fields?: { readonly selection: FieldSelection; readonly path: IssuePath };
  /**
   * The field types of the DTO's model (`readModelTypes(prisma.book)`), so each operand is checked
   * against its field's type and a string field keeps the text a client sent (`where.title=2024`).
   * Without it operands are checked as untyped scalars.
   * @default undefined
   */
  readonly model?: ModelTypes;
}

/** A field a client may not name, whether undeclared or hidden: one message for both (no oracle). */
const NOT_AVAILABLE = 'field is not available';
/** Enough to fix a query; more only costs time on hostile input. */
const MAX_ISSUES = 20;

/**
 * The allow-list of client input (docs/SECURITY.md section 2): a `where`, `orderBy`, `include` or `select`
 * may only name fields and relations that the DTO declares and exposes to this caller, at any
 * depth, and only Prisma's known filter operators, within the budget. The verdict depends on the
 * query, the DTO and the caller's context only, never on the data, so a hidden field gets the same
 * 400 whether or not any row would match. Nothing is ever dropped: a query either passes whole or
 * is refused.
 *
 * Every operand follows the closed grammar of `operands.ts`: a value of the field's type, a list of
 * them, a search text, and the documented object forms only where Prisma's filter API has them
 * (`not`, relation filters). Prisma's internal value forms (`__prismaRawParameters__`, `$type`) are
 * never operands. Operands are normalized in place: a string field gets the text a value was sent
 * as (`where.title=2024` is the title "2024"; see `decodedText` of `@facet/core`), an ISO
 * date-time becomes a `Date`, a BigInt sent as digits a `bigint`.
 *
 * A DTO field is usable in these positions when it maps to the model one-to-one: a scalar whose only
 * `source` is its own name, a relation whose model name is its own name. Computed fields can be
 * projected with `fields` but not filtered or sorted.
 *
 * @throws {FacetQueryError} whose issues name each offending path (`where.internalNote`).
 */
export function checkQueryPolicy(
  query: QueryPolicyInput,
  dto: DtoClass,
  options: QueryPolicyOptions = {},
): undefined {
  const checker = new PolicyChecker(options.context ?? {}, resolveQueryBudget(options.budget));
  const model = options.model;
  try {
    checker.where(query.where, dto, model, ['where'], 1);
    checker.orderBy(query.orderBy, dto, ['orderBy'], 1);
    checker.load(query.include, dto, model, ['include'], 'include', 1);
    checker.load(query.select, dto, model, ['select'], 'select', 1);
    if (options.fields) checker.selectedRelations(options.fields.selection, dto, options.fields.path, 1);
  } catch (error) {
    if (error !== STOP) throw error;
  }
  checker.finish();
  const [first, ...rest] = checker.issues;
  if (first) throw new FacetQueryError([first, ...rest]);
}

/** `checkQueryPolicy` for controllers: a refused query is the 400 `FacetQueryException`. */
export function assertQueryPolicy(
  query: QueryPolicyInput,
  dto: DtoClass,
  options: QueryPolicyOptions = {},
): undefined {
  asHttpError(() => checkQueryPolicy(query, dto, options));
}

/** Thrown inside the walk to stop it once a budget is blown or enough issues are found. */
const STOP = Symbol('stop');

type Path = IssuePath;

class PolicyChecker {
  readonly issues: FacetIssue[] = [];
  private filterNodes = 0;
  private includes = 0;
  private relationFilterCost = 0;
  private tooCostlyAt: Path | undefined;

  constructor(
    private readonly context: FieldContext,
    private readonly budget: ResolvedQueryBudget,
  ) {}

  private report(issue: FacetIssue): undefined {
    this.issues.push(issue);
    if (this.issues.length >= MAX_ISSUES) throw STOP;
  }

  /** A budget violation ends the walk: the rest of an oversized query is not worth reading. */
  private exceeded(issue: FacetIssue): never {
    this.issues.push(issue);
    throw STOP;
  }

  private countFilterNode(path: Path): undefined {
    if (++this.filterNodes > this.budget.maxFilterNodes) {
      const limit = this.budget.maxFilterNodes;
      this.exceeded({
        code: 'too_many',
        path,
        limit,
        message: `filters may have at most ${limit} conditions`,
      });
    }
  }

  /** One relation filter at `path`, priced by relation-filter-cost.ts. */
  private countRelationFilter(
    path: Path,
    scope: CostScope,
    operator: string | undefined,
    toMany: boolean,
  ): undefined {
    this.relationFilterCost += relationFilterCost(scope, operator, toMany);
    if (this.tooCostlyAt === undefined && this.relationFilterCost > this.budget.maxRelationFilterCost)
      this.tooCostlyAt = path;
  }

  /**
   * Reports the relation filter at which the cost ran out, after the walk: the cost says nothing
   * about the names in a filter, so a field the caller may not name keeps its own answer first.
   */
  finish(): undefined {
    if (this.tooCostlyAt === undefined) return;
    const limit = this.budget.maxRelationFilterCost;
    this.issues.push({
      code: 'too_costly',
      path: this.tooCostlyAt,
      limit,
      message: `relation filters may cost at most ${limit} in one read`,
    });
  }

  private countInclude(path: Path): undefined {
    if (++this.includes > this.budget.maxIncludes) {
      const limit = this.budget.maxIncludes;
      this.exceeded({ code: 'too_many', path, limit, message: `at most ${limit} relations may be loaded` });
    }
  }

  private typeIssue(path: Path, expected: string): undefined {
    this.report({ code: 'invalid_type', path, expected, message: `expected ${expected}` });
  }

  /** The visible, directly mapped field called `name`, or `undefined` after reporting it. */
  private field(dto: DtoClass, name: string, path: Path): FieldDefinition | undefined {
    const field = getFieldSchema(dto).fields.get(name);
    if (field && isFieldVisible(field, this.context) && mapsDirectly(field)) return field;
    this.report({ code: 'unknown_key', path, message: NOT_AVAILABLE });
    return undefined;
  }

  where(
    value: unknown,
    dto: DtoClass,
    model: ModelTypes | undefined,
    path: Path,
    depth: number,
    scope: CostScope = ROOT_COST_SCOPE,
  ): undefined {
    if (value === undefined) return;
    if (!isPlainRecord(value)) return this.typeIssue(path, 'a filter object');
    if (depth > this.budget.maxWhereDepth) return this.tooDeep(path, this.budget.maxWhereDepth, 'filters');
    for (const [key, condition] of Object.entries(value)) {
      const at = [...path, key];
      this.countFilterNode(at);
      if (LOGICAL_OPERATORS.has(key)) {
        const inner = key === 'OR' || key === 'NOT' ? underLogical(scope, key) : scope;
        if (Array.isArray(condition)) {
          for (const [index, item] of condition.entries())
            this.where(item, dto, model, [...at, index], depth + 1, inner);
        } else this.where(condition, dto, model, at, depth + 1, inner);
        continue;
      }
      const field = this.field(dto, key, at);
      if (field?.kind === 'scalar') {
        const type = operandField(model, key);
        if (isPlainRecord(condition)) this.scalarFilter(condition, type, at, depth + 1);
        else this.operand(value, key, type, type.list === true ? 'nullableList' : 'nullableValue', at);
      } else if (field?.kind === 'relation')
        this.relationFilter(field, model?.relation(field.relation), condition, at, depth + 1, scope);
    }
  }

  private tooDeep(path: Path, limit: number, what: string): undefined {
    this.exceeded({
      code: 'too_deep',
      path,
      limit,
      message: `${what} may be nested at most ${limit} levels deep`,
    });
  }

  /**
   * An object of filter operators on a scalar field (`where.title.contains=…`), checked cell by cell
   * against the operator table: the operand's shape, and whether the operator has a literal
   * meaning in the filter's `mode` (Prisma applies an outer `mode` inside `not` too).
   */
  private scalarFilter(
    condition: PlainRecord,
    field: OperandField,
    path: Path,
    depth: number,
    inherited: Mode = 'default',
  ): undefined {
    if (depth > this.budget.maxWhereDepth) return this.tooDeep(path, this.budget.maxWhereDepth, 'filters');
    const mode = modeOf(condition, inherited);
    for (const operator of Object.keys(condition)) {
      const at = [...path, operator];
      this.countFilterNode(at);
      const rule = ruleOf(field, operator);
      if (rule === undefined || (rule.default === 'refused' && rule.insensitive === 'refused')) {
        this.report({
          code: 'unknown_key',
          path: at,
          message:
            field.type === 'Untyped'
              ? 'unknown filter operator'
              : `unknown filter operator for a ${field.list === true ? `${field.type} list` : field.type} field`,
        });
      } else if (sqlClassOf(rule, mode, condition) === 'refused') {
        this.report({
          code: 'invalid_value',
          path: at,
          message:
            rule.insensitiveNeedsPath === true && condition.path === undefined
              ? `${operator} with mode insensitive needs a path`
              : `${operator} cannot be combined with mode insensitive on a ${field.type} field`,
        });
      } else if (rule.operand === 'negation' && isPlainRecord(condition[operator])) {
        this.scalarFilter(condition[operator] as PlainRecord, field, at, depth + 1, mode);
      } else this.operand(condition, operator, field, rule.operand, at);
    }
  }

  /** Checks (and normalizes in place) the operand `container[key]` of the given shape. */
  private operand(
    container: PlainRecord,
    key: string,
    field: OperandField,
    shape: OperandShape,
    path: Path,
  ): undefined {
    const operand = container[key];
    switch (shape) {
      case 'value':
        return this.setValue(container, key, field, false, path);
      case 'nullableValue':
      case 'negation':
        return this.setValue(container, key, field, true, path);
      case 'nullableList':
        if (operand === null && field.nullable !== false) return;
        return this.list(operand, field, path);
      case 'list':
        return this.list(operand, field, path);
      case 'text':
        return this.setValue(container, key, { type: 'String' }, false, path);
      case 'mode':
        if (typeof operand === 'string' && QUERY_MODES.has(operand as Mode)) return;
        return this.report({ code: 'invalid_value', path, message: 'mode must be default or insensitive' });
      case 'boolean':
        if (typeof operand === 'boolean') return;
        return this.typeIssue(path, 'true or false');
      case 'jsonPath':
        if (isSafeJsonPath(operand)) return;
        return this.typeIssue(path, 'a JSON path (a list of keys, or a string such as $.a.b[0])');
      case 'json':
        return this.setValue(container, key, { type: 'Json' }, true, path);
      case 'jsonScalar':
        if (
          (typeof operand === 'string' && isCleanText(operand)) ||
          (typeof operand === 'number' && Number.isFinite(operand))
        )
          return;
        return this.typeIssue(path, 'a JSON number or string');
    }
  }

  private list(operand: unknown, field: OperandField, path: Path): undefined {
    if (!Array.isArray(operand)) return this.typeIssue(path, `a list of ${expectedOf(field)}`);
    const limit = this.budget.maxInList;
    if (operand.length > limit) {
      this.exceeded({ code: 'too_many', path, limit, message: `lists may have at most ${limit} values` });
    }
    for (let index = 0; index < operand.length; index++)
      this.setValue(operand, index, field, false, [...path, index]);
  }

  private setValue(
    container: PlainRecord | unknown[],
    key: string | number,
    field: OperandField,
    nullAllowed: boolean,
    path: Path,
  ): undefined {
    const value = readValue(field, container, key, nullAllowed);
    if (value === INVALID) return this.typeIssue(path, expectedOf(field));
    if (value !== (container as Record<string | number, unknown>)[key])
      (container as Record<string | number, unknown>)[key] = value;
  }

  private relationFilter(
    field: RelationFieldDefinition,
    model: ModelTypes | undefined,
    condition: unknown,
    path: Path,
    depth: number,
    scope: CostScope,
  ): undefined {
    if (field.isArray) {
      if (!isPlainRecord(condition)) return this.typeIssue(path, 'a relation filter (some, every, none)');
      if (depth > this.budget.maxWhereDepth) return this.tooDeep(path, this.budget.maxWhereDepth, 'filters');
      for (const [operator, inner] of Object.entries(condition)) {
        const at = [...path, operator];
        this.countFilterNode(at);
        if (TO_MANY_FILTERS.has(operator)) {
          this.countRelationFilter(at, scope, operator, true);
          this.where(inner, field.target, model, at, depth + 1, insideRelationFilter(scope, operator, true));
        } else this.report({ code: 'unknown_key', path: at, message: 'unknown relation filter' });
      }
      return;
    }
    if (condition === null) return this.countRelationFilter(path, scope, undefined, false); // `author: null`: rows without one
    if (!isPlainRecord(condition)) return this.typeIssue(path, 'a relation filter (is, isNot or a filter)');
    const keys = Object.keys(condition);
    if (keys.length === 0 || !keys.every((key) => TO_ONE_FILTERS.has(key))) {
      // The bare form filters the related row directly: `where.author.name.contains=…`.
      this.countRelationFilter(path, scope, undefined, false);
      const inner = insideRelationFilter(scope, undefined, false);
      return this.where(condition, field.target, model, path, depth, inner);
    }
    if (depth > this.budget.maxWhereDepth) return this.tooDeep(path, this.budget.maxWhereDepth, 'filters');
    for (const key of keys) {
      const at = [...path, key];
      this.countFilterNode(at);
      this.countRelationFilter(at, scope, key, false);
      if (condition[key] !== null)
        this.where(
          condition[key],
          field.target,
          model,
          at,
          depth + 1,
          insideRelationFilter(scope, key, false),
        );
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

  private tooManySorts(path: Path): never {
    const limit = this.budget.maxOrderBy;
    return this.exceeded({
      code: 'too_many',
      path,
      limit,
      message: `at most ${limit} sort keys are allowed`,
    });
  }

  private orderByObject(value: unknown, dto: DtoClass, path: Path, depth: number): undefined {
    if (!isPlainRecord(value)) return this.typeIssue(path, 'an object of field: asc | desc');
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
        const keys = isPlainRecord(direction) ? Object.keys(direction) : [];
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

  private direction(value: unknown, path: Path): undefined {
    if (typeof value === 'string' && SORT_DIRECTIONS.has(value)) return;
    if (isPlainRecord(value) && typeof value.sort === 'string' && SORT_DIRECTIONS.has(value.sort)) {
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
    if (!isPlainRecord(tree)) return this.typeIssue(path, 'an object');
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
      if (!isPlainRecord(value)) {
        this.typeIssue(at, 'true, false or relation arguments');
        continue;
      }
      this.relationArgs(value, field, model?.relation(field.relation), at, depth);
    }
  }

  private relationArgs(
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
    this.where(args.where, field.target, model, [...path, 'where'], 1);
    this.orderBy(args.orderBy, field.target, [...path, 'orderBy'], 1);
    this.load(args.include, field.target, model, [...path, 'include'], 'include', depth + 1);
    this.load(args.select, field.target, model, [...path, 'select'], 'select', depth + 1);
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
  private relationCount(value: unknown, dto: DtoClass, model: ModelTypes | undefined, path: Path): undefined {
    if (value === false) return;
    if (value === true) return this.countInclude(path);
    const select = isPlainRecord(value) && Object.keys(value).length === 1 ? value.select : undefined;
    if (!isPlainRecord(select)) return this.typeIssue(path, 'true or { select: { <relation>: true } }');
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
      if (isPlainRecord(args) && Object.keys(args).every((k) => k === 'where')) {
        this.where(args.where, field.target, model?.relation(field.relation), [...at, 'where'], 1);
      } else this.typeIssue(at, 'true or { where }');
    }
  }
}

/** Whether the DTO's name for the field is also the model's, so the client's key reaches Prisma as is. */
/** Whether a field may be filtered, sorted or loaded: it maps to the model one-to-one. */
export function mapsDirectly(field: FieldDefinition): boolean {
  if (field.kind === 'relation') return field.relation === field.name;
  return field.sources.length === 1 && field.sources[0] === field.name;
}

/** The operand rules of a model's scalar field: its type, nullability and enum values when known. */
export function operandField(model: ModelTypes | undefined, name: string): OperandField {
  const type = model?.scalar(name);
  if (model === undefined || type === undefined) return UNTYPED;
  return { type, nullable: model.nullable(name), enumValues: model.enumValues(name), list: model.list(name) };
}
