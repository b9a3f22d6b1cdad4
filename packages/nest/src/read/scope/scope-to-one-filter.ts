import { isPlainObject } from '@facet/core';
import { FacetConfigurationError } from '../../errors/facet-configuration.error.js';
import { TO_ONE_FILTERS } from '../check/prisma-operators.js';
import type { PlainRecord } from '../check/read-call.js';

const and = (access: PlainRecord, inner: unknown): PlainRecord => ({ AND: [access, inner] });

/**
 * Each to-one filter operator with the related subject's access filter F carried in, so that a
 * row whose related row exists but may not be read answers exactly as a row without one. Prisma's
 * `isNot: X` matches a missing related row and `is: X` does not; the bare forms are `is`.
 * Every operator of `TO_ONE_FILTERS` needs an entry: an operator without one is refused.
 */
const TO_ONE_SCOPES: Readonly<
  Record<string, (access: PlainRecord, filter: PlainRecord | null) => [string, unknown]>
> = {
  // `is: X`: a readable related row that matches X. `is: null`: no readable related row.
  is: (access, filter) => (filter === null ? ['isNot', access] : ['is', and(access, filter)]),
  // `isNot: X`: no readable related row that matches X. `isNot: null`: a readable related row.
  isNot: (access, filter) => (filter === null ? ['is', access] : ['isNot', and(access, filter)]),
};

/** What scoping one to-one filter needs to know of its relation. */
export interface ToOneFilterScope {
  /** The related subject's access filter for this read; `undefined` when every row is readable. */
  readonly access: PlainRecord | undefined;
  /** Whether the relation is known to be required (Prisma refuses a `null` filter on it). */
  readonly required: boolean;
  /** Scopes a where-input of the related model (its own relations). */
  readonly inner: (where: PlainRecord) => PlainRecord;
}

/**
 * The value of a to-one relation filter (`author: …`: `null`, a bare filter, or `is`/`isNot`)
 * with the related subject's access filter carried in (`TO_ONE_SCOPES`). A second condition with
 * the same operator (`is: null` and `isNot: X` both become an `isNot`) is pushed to `extra`, to be
 * ANDed with the where that holds `key`.
 *
 * @throws {FacetConfigurationError} for an operator of `TO_ONE_FILTERS` without an access rule.
 */
export function scopeToOneFilter(
  value: unknown,
  key: string,
  scope: ToOneFilterScope,
  extra: PlainRecord[],
): unknown {
  if (value !== null && !isPlainObject(value)) return value;
  const inner = (operand: unknown) => (isPlainObject(operand) ? scope.inner(operand) : operand);
  const keys = value === null ? [] : Object.keys(value);
  const filters = keys.length > 0 && keys.every((k) => TO_ONE_FILTERS.has(k));
  const { access, required } = scope;
  if (access === undefined) {
    if (value === null || !filters) return inner(value);
    return Object.fromEntries(Object.entries(value).map(([operator, operand]) => [operator, inner(operand)]));
  }
  // Prisma reads an empty bare filter as no condition, for a present row as for a missing one.
  if (value !== null && keys.length === 0) return value;
  // Prisma refuses a `null` on a required relation, whoever asks: it is left for it to refuse.
  if (value === null && required) return value;
  const forms: [string, unknown][] =
    value === null ? [['is', null]] : filters ? Object.entries(value) : [['is', value]];
  const kept: PlainRecord = {};
  for (const [operator, operand] of forms) {
    const rule = TO_ONE_SCOPES[operator];
    if (rule === undefined) {
      throw new FacetConfigurationError(`The to-one relation filter ${operator} has no access rule.`);
    }
    const [name, condition] =
      (operand === null && required) || (operand !== null && !isPlainObject(operand))
        ? [operator, operand]
        : rule(access, operand === null ? null : (inner(operand) as PlainRecord));
    if (Object.hasOwn(kept, name)) extra.push({ [key]: { [name]: condition } });
    else kept[name] = condition;
  }
  return kept;
}
