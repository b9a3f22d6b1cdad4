import { type FacetIssue, FacetQueryError, type IssuePath, isPlainObject, isPrototypeKey } from '@facet/core';
import { validate } from 'class-validator';
import { validationErrorsToException } from '../../pipes/facet-validation.pipe.js';
import { findJsonBodyIssue } from '../../pipes/json-body-check.js';
import type { FieldContext } from '../../projection/field-schema.types.js';
import { checkValue } from './check-value.js';
import type { WritableField, WriteBodyPlan } from './write-fields.js';

/** The message of every key a caller may not write: the same for a misspelt, a hidden and a server-set field. */
export const NOT_WRITABLE = 'This field is not writable here.';

const fail = (issue: FacetIssue): never => {
  throw new FacetQueryError([issue]);
};

/** Whether the caller may write `field`: the input DTO's `expose` rule, asked once per field. */
function writable(field: WritableField, context: FieldContext): boolean {
  return field.expose === undefined || field.expose(context) === true;
}

/**
 * Checks the raw body of one write, whoever calls it (the controller's route or an application's
 * own, with no pipe in front), and returns the data Prisma receives:
 * - a plain object (no array, no class instance), no prototype key (`__proto__`, `constructor`,
 *   `prototype`) at any depth, not deeper than JSON bodies may be;
 * - only fields the input DTO declares and the caller may write (its `expose` rule), and none the
 *   server sets (`serverKeys`): any other key is a 400 `unknown_key` naming it, the same answer for
 *   a misspelt, a hidden and a server-set field;
 * - each value of its column's type (`check-value.ts`: no operator objects such as
 *   `{ increment: 1 }`, no nested writes), converted where JSON has no such type (a `DateTime`'s
 *   text becomes a `Date`, a `BigInt`'s digits a bigint);
 * - on a create, every required field the caller may write present;
 * - the input DTO's class-validator rules (an update checks only the fields it carries); errors
 *   of fields the caller may not write are not reported (they would name them), nor of those the
 *   server sets.
 * @throws {FacetQueryError} or the 400 `FacetQueryException` of class-validator's errors.
 */
export async function checkWriteBody(
  plan: WriteBodyPlan,
  body: unknown,
  action: 'create' | 'update',
  context: FieldContext,
  serverKeys: ReadonlySet<string>,
): Promise<Record<string, unknown>> {
  if (!isPlainObject(body)) {
    fail({
      code: 'invalid_type',
      path: [],
      expected: 'an object',
      message: 'The body must be a JSON object.',
    });
  }
  const record = body as Record<string, unknown>;
  const structural = findJsonBodyIssue(record);
  if (structural !== undefined) fail(structural);
  const data: Record<string, unknown> = Object.create(null);
  const seen = new Set<string>();
  for (const key of Object.keys(record)) {
    const path: IssuePath = [key];
    if (isPrototypeKey(key)) fail({ code: 'prototype_key', path, message: 'This key is not allowed.' });
    const field = plan.fields.get(key);
    if (field === undefined || serverKeys.has(key) || !writable(field, context)) {
      fail({ code: 'unknown_key', path, message: NOT_WRITABLE });
    }
    const value = record[key];
    // An optional DTO property present as `undefined` (a JavaScript caller's object) says nothing.
    if (value === undefined) continue;
    data[key] = checkValue(field as WritableField, value, path);
    seen.add(key);
  }
  if (action === 'create') {
    for (const field of plan.fields.values()) {
      if (
        field.required &&
        !seen.has(field.name) &&
        !serverKeys.has(field.name) &&
        writable(field, context)
      ) {
        fail({ code: 'invalid_value', path: [field.name], message: 'This field is required.' });
      }
    }
  }
  if (plan.validated) await runValidators(plan, record, action, context, serverKeys);
  return { ...data };
}

async function runValidators(
  plan: WriteBodyPlan,
  body: Record<string, unknown>,
  action: 'create' | 'update',
  context: FieldContext,
  serverKeys: ReadonlySet<string>,
): Promise<void> {
  // The raw JSON values, on an instance of the DTO: validators such as `@IsISO8601` judge the text
  // the client sent, and no class-transformer pass can add, drop or convert anything.
  const instance = Object.assign(Object.create(plan.dto.prototype as object) as object, body);
  const errors = await validate(instance, {
    forbidUnknownValues: false,
    // A partial update is checked by the fields it carries: the create DTO can serve both.
    skipMissingProperties: action === 'update',
    validationError: { target: false, value: false },
  });
  const shown = errors.filter((error) => {
    const field = plan.fields.get(error.property);
    return field !== undefined && !serverKeys.has(error.property) && writable(field, context);
  });
  if (shown.length > 0) throw validationErrorsToException(shown);
}
