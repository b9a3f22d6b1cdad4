import { isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import type { DtoClass, ScalarFieldDefinition } from '../../projection/field-schema.types.js';
import { unavailableField } from '../../projection/unavailable-field.js';
import { operandField, type Path } from './check-state.js';
import { WhereCheck } from './check-where.js';
import { COUNT_KEY } from './prisma-operators.js';

/**
 * The arguments that name scalar fields without filtering by them: `omit`, `cursor`, `distinct` and
 * the aggregates. Each name must be a scalar the caller may see (a hidden one reads like a misspelt
 * one, `unavailableField`); a relation the caller may see is refused for what it is.
 */
export class FieldListCheck extends WhereCheck {
  /** `omit: { <scalar>: true | false }`. */
  omit(value: unknown, dto: DtoClass, path: Path): undefined {
    if (!isPlainObject(value)) return this.typeIssue(path, 'an object of field: true');
    for (const [name, omitted] of Object.entries(value)) {
      const at = [...path, name];
      if (this.scalar(dto, name, at) && typeof omitted !== 'boolean') this.typeIssue(at, 'true or false');
    }
  }

  /** `cursor: { <scalar>: <value> }`, checked like an equality filter's operands. */
  cursor(value: unknown, dto: DtoClass, model: ModelTypes | undefined, path: Path): undefined {
    if (!isPlainObject(value)) return this.typeIssue(path, 'an object of field: value');
    for (const name of Object.keys(value)) {
      const at = [...path, name];
      if (this.scalar(dto, name, at)) this.setValue(value, name, operandField(model, name), false, at);
    }
  }

  /** `distinct: <scalar>` or `distinct: [<scalar>, …]`; a name's path is `distinct.<name>` in both. */
  distinct(value: unknown, dto: DtoClass, path: Path): undefined {
    const names: unknown[] = Array.isArray(value) ? value : [value];
    for (const [index, name] of names.entries()) {
      if (typeof name === 'string') this.scalar(dto, name, [...path, name]);
      else this.typeIssue(Array.isArray(value) ? [...path, index] : path, 'a field name or a list of them');
    }
  }

  /**
   * `_count`, `_min`, `_max`, `_avg`, `_sum`: `{ <scalar>: true | false }`; `_count: true` and
   * `_count: { _all: true }` count rows and name no field. `_min: { internalNote: true }` would
   * reveal the smallest hidden note, so the fields an aggregate reads are fields like any other.
   */
  aggregate(key: string, value: unknown, dto: DtoClass, path: Path): undefined {
    if (key === COUNT_KEY && value === true) return;
    if (!isPlainObject(value)) return this.typeIssue(path, 'an object of field: true');
    for (const [name, selected] of Object.entries(value)) {
      if (key === COUNT_KEY && name === '_all') continue;
      const at = [...path, name];
      if (this.scalar(dto, name, at, true) && typeof selected !== 'boolean')
        this.typeIssue(at, 'true or false');
    }
  }

  /**
   * The visible, directly mapped scalar called `name`, or `undefined` after reporting it. With
   * `hideRelations` a relation reads like an unknown name (an aggregate has no relation form).
   */
  protected scalar(
    dto: DtoClass,
    name: string,
    path: Path,
    hideRelations = false,
  ): ScalarFieldDefinition | undefined {
    const field = this.field(dto, name, path);
    if (field === undefined || field.kind === 'scalar') return field;
    if (hideRelations) return this.report(unavailableField(path));
    this.report({ code: 'invalid_value', path, message: 'not a scalar field' });
    return undefined;
  }
}
