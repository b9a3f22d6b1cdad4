import { isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import type { DtoClass, RelationFieldDefinition } from '../../projection/field-schema.types.js';
import { CheckState, operandField, type Path } from './check-state.js';
import {
  expectedOf,
  INVALID,
  isCleanText,
  isSafeJsonPath,
  type OperandField,
  readValue,
} from './operands.js';
import { type Mode, modeOf, type OperandShape, QUERY_MODES, ruleOf, sqlClassOf } from './operators.js';
import { LOGICAL_OPERATORS, TO_MANY_FILTERS, TO_ONE_FILTERS } from './prisma-operators.js';
import type { PlainRecord } from './read-call.js';
import {
  type CostScope,
  insideRelationFilter,
  ROOT_COST_SCOPE,
  underLogical,
} from './relation-filter-cost.js';

/**
 * The walk of a where-input: each field named must be one the caller may see, each operator one
 * the operator table has for the field's type and mode, each operand in the closed grammar of
 * operands.ts (normalized in place), within the budget.
 */
export class WhereCheck extends CheckState {
  where(
    value: unknown,
    dto: DtoClass,
    model: ModelTypes | undefined,
    path: Path,
    depth: number,
    scope: CostScope = ROOT_COST_SCOPE,
  ): undefined {
    if (value === undefined) return;
    if (!isPlainObject(value)) return this.typeIssue(path, 'a filter object');
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
        if (isPlainObject(condition)) this.scalarFilter(condition, type, at, depth + 1);
        else this.operand(value, key, type, type.list === true ? 'nullableList' : 'nullableValue', at);
      } else if (field?.kind === 'relation')
        this.relationFilter(field, model?.relation(field.relation), condition, at, depth + 1, scope);
    }
  }

  /**
   * An object of filter operators on a scalar field (`where.title.contains=…`), checked cell by cell
   * against the operator table: the operand's shape, and whether the operator has a literal
   * meaning in the filter's `mode` (Prisma applies an outer `mode` inside `not` too).
   */
  protected scalarFilter(
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
      } else if (rule.operand === 'negation' && isPlainObject(condition[operator])) {
        this.scalarFilter(condition[operator] as PlainRecord, field, at, depth + 1, mode);
      } else this.operand(condition, operator, field, rule.operand, at);
    }
  }

  /** Checks (and normalizes in place) the operand `container[key]` of the given shape. */
  protected operand(
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

  protected list(operand: unknown, field: OperandField, path: Path): undefined {
    if (!Array.isArray(operand)) return this.typeIssue(path, `a list of ${expectedOf(field)}`);
    const limit = this.budget.maxInList;
    if (operand.length > limit) {
      this.exceeded({ code: 'too_many', path, limit, message: `lists may have at most ${limit} values` });
    }
    for (let index = 0; index < operand.length; index++)
      this.setValue(operand, index, field, false, [...path, index]);
  }

  protected setValue(
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

  protected relationFilter(
    field: RelationFieldDefinition,
    model: ModelTypes | undefined,
    condition: unknown,
    path: Path,
    depth: number,
    scope: CostScope,
  ): undefined {
    if (field.isArray) {
      if (!isPlainObject(condition)) return this.typeIssue(path, 'a relation filter (some, every, none)');
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
    if (!isPlainObject(condition)) return this.typeIssue(path, 'a relation filter (is, isNot or a filter)');
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
}
