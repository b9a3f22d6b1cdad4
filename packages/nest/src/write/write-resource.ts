import { FacetQueryError } from '@facet/core';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import { notFoundException } from '../errors/prisma-error.mapper.js';
import type { FieldsQueryInput } from '../projection/prepare-fields-query.js';
import { parseKey, type RecordId } from '../read/plan/key.js';
import type { ReadCall } from '../read/read-model.js';
import { actionFilter } from '../read/scope/action-filter.js';
import { readBack, readRow } from './execute/read-row.js';
import { inTransaction, runWrite } from './execute/run-write.js';
import { keyWhereOf, writeData } from './execute/server-data.js';
import { checkIfMatch } from './precondition.js';
import { checkReferences } from './scope/check-references.js';
import { assertWithin, forbiddenWrite, keySelect, within } from './scope/write-scope.js';
import type { WriteOptions } from './types/write.types.js';
import type { AnyWriteTarget, PlannedWrite, WriteTarget } from './types/write-target.js';

export type {
  AnyWriteTarget,
  PlannedWrite,
  ReferenceRule,
  WriteBinding,
  WriteDelegate,
  WriteTarget,
} from './types/write-target.js';

/** A write's query: `fields` (how the answer is projected, as on `GET /:id`), nothing else. */
function checkWriteQuery(query: FieldsQueryInput | undefined): FieldsQueryInput {
  if (query === undefined || query === null) return {};
  const [first, ...rest] = Object.entries(query)
    .filter(([key, value]) => key !== 'fields' && value !== undefined)
    .map(([key]) => ({ code: 'unknown_key' as const, path: [key], message: 'A write takes `fields` only.' }));
  if (first) throw new FacetQueryError([first, ...rest]);
  return query.fields === undefined ? {} : { fields: query.fields };
}

/**
 * A create: 403 when the caller may create no row at all; the body checked (400); then, in one
 * transaction, its references checked (400), the row written, and the written row re-read under the
 * `create` filter: a row outside it is a 403 and the transaction rolls back. The answer is the row
 * as the caller reads it (`fields` as on `GET /:id`), or `undefined` when it may not read it.
 */
export function createRow(
  target: AnyWriteTarget,
  body: unknown,
  query: FieldsQueryInput | undefined,
  read: ReadCall<never>,
  options: WriteOptions,
): Promise<unknown> {
  const planned = target.create as PlannedWrite<never>;
  return runWrite('create', target, async () => {
    const fields = checkWriteQuery(query);
    const filter = actionFilter(target, read, 'create');
    if (filter.rows === 'none') throw forbiddenWrite();
    const data = await writeData(planned, body, read, 'create');
    return inTransaction(target, options, async (binding) => {
      await checkReferences(target, binding, data.body, read);
      const created = await binding.delegate.create({
        data: data.all,
        select: keySelect(target.key),
      });
      const where = keyWhereOf(target.key, created);
      await assertWithin(binding.delegate, where, filter, target.key);
      return readBack(binding, target.key, where, fields, read);
    });
  });
}

/**
 * An update, in one transaction: the row read as the caller reads it (404 when it may not), then
 * under the `update` filter (403 when it may read but not change it), the body checked (400),
 * `If-Match` compared (412), references checked (400), the row written under the `update` filter,
 * and the result re-read under it: an update may neither start nor end outside the caller's
 * conditions (403, rolled back). The answer is the row as the caller now reads it, or `undefined`.
 */
export function updateRow(
  target: AnyWriteTarget,
  id: RecordId,
  body: unknown,
  query: FieldsQueryInput | undefined,
  read: ReadCall<never>,
  options: WriteOptions,
): Promise<unknown> {
  const planned = target.update as PlannedWrite<never>;
  return runWrite('update', target, async () => {
    const fields = checkWriteQuery(query);
    const byId = parseKey(id, target.key);
    if (byId === undefined) throw notFoundException();
    const filter = actionFilter(target, read, 'update');
    return inTransaction(target, options, async (binding) => {
      const before = await readRow(binding, target.key, byId, fields, read);
      await assertWithin(binding.delegate, byId, filter, target.key);
      const { body: data, all } = await writeData(planned, body, read, 'update', id);
      checkIfMatch(options.ifMatch, before);
      await checkReferences(target, binding, data, read);
      if (Object.keys(all).length > 0) {
        const { count } = await binding.delegate.updateMany({ where: within(byId, filter), data: all });
        // Gone, or moved out of the filter, since it was checked: a concurrent write got there first.
        if (count === 0) throw notFoundException();
      }
      const after = {
        ...byId,
        ...keyWhereOf(
          target.key.filter((field) => Object.hasOwn(all, field.name)),
          all,
        ),
      };
      await assertWithin(binding.delegate, after, filter, target.key);
      return readBack(binding, target.key, after, fields, read);
    });
  });
}

/**
 * A delete, in one transaction: the row read as the caller reads it (404), checked under the
 * `delete` filter (403), `If-Match` compared (412), then deleted under that filter. The answer is
 * the row as the caller read it just before.
 */
export function deleteRow(
  target: AnyWriteTarget,
  id: RecordId,
  query: FieldsQueryInput | undefined,
  read: ReadCall<never>,
  options: WriteOptions,
): Promise<unknown> {
  return runWrite('delete', target, async () => {
    const fields = checkWriteQuery(query);
    const byId = parseKey(id, target.key);
    if (byId === undefined) throw notFoundException();
    const filter = actionFilter(target, read, 'delete');
    return inTransaction(target, options, async (binding) => {
      const before = await readRow(binding, target.key, byId, fields, read);
      await assertWithin(binding.delegate, byId, filter, target.key);
      checkIfMatch(options.ifMatch, before);
      const { count } = await binding.delegate.deleteMany({ where: within(byId, filter) });
      if (count === 0) throw notFoundException();
      return before;
    });
  });
}

/** Whether a resource's writes declare `action` (what `ResourceController` serves with `writes: true`). */
export function declaresWrite<TAbility>(
  target: WriteTarget<TAbility> | undefined,
  action: 'create' | 'update' | 'delete',
): boolean {
  return target !== undefined && (action === 'delete' ? target.delete : target[action] !== undefined);
}

/**
 * The write target of a declared `action`; a call of an undeclared one is the application's mistake.
 * @throws {FacetConfigurationError}
 */
export function declaredWrite<TAbility>(
  resource: string,
  target: WriteTarget<TAbility> | undefined,
  action: 'create' | 'update' | 'delete',
): WriteTarget<never> {
  if (!declaresWrite(target, action)) {
    throw new FacetConfigurationError(
      `Resource ${resource} declares no ${action} (its definition's \`writes.${action}\`).`,
    );
  }
  return target as unknown as WriteTarget<never>;
}

/** Whether a resource serves the bulk form of `action` (`writes.bulk`). */
export function declaresBulk<TAbility>(
  target: WriteTarget<TAbility> | undefined,
  action: 'create' | 'update' | 'delete',
): boolean {
  return target?.bulk[action] === true;
}

/**
 * The write target of a declared bulk `action`; a call of an undeclared one is the application's mistake.
 * @throws {FacetConfigurationError}
 */
export function declaredBulk<TAbility>(
  resource: string,
  target: WriteTarget<TAbility> | undefined,
  action: 'create' | 'update' | 'delete',
): WriteTarget<never> {
  if (!declaresBulk(target, action)) {
    throw new FacetConfigurationError(
      `Resource ${resource} serves no bulk ${action} (its definition's \`writes.bulk\`).`,
    );
  }
  return target as unknown as WriteTarget<never>;
}
