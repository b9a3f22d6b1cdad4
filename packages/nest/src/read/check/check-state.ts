import type { FacetIssue, IssuePath } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import { getFieldSchema, isFieldVisible } from '../../projection/field-schema.js';
import type { DtoClass, FieldContext, FieldDefinition } from '../../projection/field-schema.types.js';
import { unavailableField } from '../../projection/unavailable-field.js';
import { type OperandField, UNTYPED } from './operands.js';
import type { ResolvedQueryBudget } from './query-budget.js';
import { type CostScope, relationFilterCost } from './relation-filter-cost.js';

/** A field a client may not name, whether undeclared or hidden: one message for both (no oracle). */
/** Enough to fix a query; more only costs time on hostile input. */
const MAX_ISSUES = 20;

/** Thrown inside the walk to stop it once a budget is blown or enough issues are found. */
export const STOP = Symbol('stop');

export type Path = IssuePath;

/** What one check of a query counts and reports, shared by its walks of where, sorts and loads. */
export class CheckState {
  readonly issues: FacetIssue[] = [];
  private filterNodes = 0;
  private includes = 0;
  private relationFilterCost = 0;
  private tooCostlyAt: Path | undefined;

  constructor(
    protected readonly context: FieldContext,
    protected readonly budget: ResolvedQueryBudget,
  ) {}

  protected report(issue: FacetIssue): undefined {
    this.issues.push(issue);
    if (this.issues.length >= MAX_ISSUES) throw STOP;
  }

  /** A budget violation ends the walk: the rest of an oversized query is not worth reading. */
  protected exceeded(issue: FacetIssue): never {
    this.issues.push(issue);
    throw STOP;
  }

  protected countFilterNode(path: Path): undefined {
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
  protected countRelationFilter(
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

  protected countInclude(path: Path): undefined {
    if (++this.includes > this.budget.maxIncludes) {
      const limit = this.budget.maxIncludes;
      this.exceeded({ code: 'too_many', path, limit, message: `at most ${limit} relations may be loaded` });
    }
  }

  protected typeIssue(path: Path, expected: string): undefined {
    this.report({ code: 'invalid_type', path, expected, message: `expected ${expected}` });
  }

  /** The visible, directly mapped field called `name`, or `undefined` after reporting it. */
  protected field(dto: DtoClass, name: string, path: Path): FieldDefinition | undefined {
    const field = getFieldSchema(dto).fields.get(name);
    if (field && isFieldVisible(field, this.context) && mapsDirectly(field)) return field;
    this.report(unavailableField(path));
    return undefined;
  }

  protected tooDeep(path: Path, limit: number, what: string): undefined {
    this.exceeded({
      code: 'too_deep',
      path,
      limit,
      message: `${what} may be nested at most ${limit} levels deep`,
    });
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
