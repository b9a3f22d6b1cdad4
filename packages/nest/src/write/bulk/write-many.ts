import { FacetQueryError } from '@facet/core';
import { writeFaultException } from '../../errors/write-errors.js';
import type { ReadCall } from '../../read/read-model.js';
import { actionFilter } from '../../read/scope/action-filter.js';
import { inTransaction, runWrite } from '../execute/run-write.js';
import { keyWhereOf, writeData } from '../execute/server-data.js';
import { checkReferences, checkRowReferences } from '../scope/check-references.js';
import { forbiddenWrite, keySelect, within } from '../scope/write-scope.js';
import type { BulkWriteOptions, BulkWriteResult } from '../types/write.types.js';
import type { AnyWriteTarget, PlannedWrite, WriteBinding } from '../types/write-target.js';
import { assertAllWithin, atRow, checkBulkWhere, keysWhere, readableKeys, tooManyRows } from './bulk-rows.js';

/** A model delegate that inserts many rows and answers them (PostgreSQL, SQLite; not MySQL). */
interface ReturningDelegate {
  createManyAndReturn(args: object): PromiseLike<unknown[]>;
}

/** The rows' keys, one insert for all where the database answers them, else one insert per row. */
async function insertRows(
  target: AnyWriteTarget,
  binding: WriteBinding,
  rows: readonly Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const select = keySelect(target.key);
  const returning = binding.delegate as unknown as Partial<ReturningDelegate>;
  if (target.read.model.model.provider !== 'mysql' && typeof returning.createManyAndReturn === 'function') {
    const created = await returning.createManyAndReturn({ data: rows, select });
    return created.map((row) => keyWhereOf(target.key, row));
  }
  const keys: Record<string, unknown>[] = [];
  for (const data of rows) keys.push(keyWhereOf(target.key, await binding.delegate.create({ data, select })));
  return keys;
}

/**
 * `createMany`: every body as `create` checks it (400 naming `[index].field`), at most `maxRows`
 * of them (400 before anything is written), then in one transaction each row's references (400),
 * the rows inserted, and every written row re-read under the `create` filter: one row outside it
 * is a 403 and nothing stays written. Answers how many rows it wrote.
 */
export function createRows(
  target: AnyWriteTarget,
  bodies: unknown,
  read: ReadCall<never>,
  options: BulkWriteOptions,
): Promise<BulkWriteResult> {
  const planned = target.create as PlannedWrite<never>;
  return runWrite('create', target, async () => {
    const filter = actionFilter(target, read, 'create');
    if (filter.rows === 'none') throw forbiddenWrite();
    if (!Array.isArray(bodies)) {
      throw new FacetQueryError([
        {
          code: 'invalid_type',
          path: [],
          expected: 'an array',
          message: 'The body must be a JSON array of rows.',
        },
      ]);
    }
    if (bodies.length > target.bulk.maxRows) throw tooManyRows([], target.bulk.maxRows, 'The body holds');
    const rows: Record<string, unknown>[] = [];
    for (const [index, body] of bodies.entries()) {
      const data = await atRow(index, () => writeData(planned, body, read, 'create'));
      rows.push(data.all);
    }
    if (rows.length === 0) return { count: 0 };
    return inTransaction(target, options, async (binding) => {
      await checkRowReferences(target, binding, rows, read);
      const keys = await insertRows(target, binding, rows);
      await assertAllWithin(binding, target.key, keys, filter);
      return { count: keys.length };
    });
  });
}

/**
 * `updateMany`: the `where` checked as a read's (400), the body as `update` checks it (400); then,
 * in one transaction, the rows the caller may read that it matches (more than `maxRows`: 400), a
 * 403 when any of them is outside the `update` filter (a readable row the caller may not change,
 * as `update` answers), the body's references (400), the rows written under the filter, and every
 * row re-read under it: a row the body takes outside (an editor publishing) is a 403, rolled back.
 */
export function updateRows(
  target: AnyWriteTarget,
  where: unknown,
  body: unknown,
  read: ReadCall<never>,
  options: BulkWriteOptions,
): Promise<BulkWriteResult> {
  const planned = target.update as PlannedWrite<never>;
  return runWrite('update', target, async () => {
    const checked = checkBulkWhere(target, where, read);
    const filter = actionFilter(target, read, 'update');
    if (filter.rows === 'none') throw forbiddenWrite();
    const { body: data, all } = await writeData(planned, body, read, 'update');
    return inTransaction(target, options, async (binding) => {
      const keys = await readableKeys(target, binding, checked, read);
      if (keys.length === 0) return { count: 0 };
      await assertAllWithin(binding, target.key, keys, filter);
      await checkReferences(target, binding, data, read);
      if (Object.keys(all).length === 0) return { count: keys.length };
      const { count } = await binding.delegate.updateMany({
        where: within(keysWhere(target.key, keys), filter),
        data: all,
      });
      // A key the body sets is every row's key now (a second row would have been a 409).
      const moved = target.key.filter((field) => Object.hasOwn(all, field.name));
      const after = keys.map((row) => ({ ...row, ...keyWhereOf(moved, all) }));
      await assertAllWithin(binding, target.key, after, filter);
      // A row another transaction changed since it was read (out of the filter, or gone) was not
      // written: the batch is not what the caller asked for, so none of it is.
      if (count !== keys.length) throw writeFaultException('conflict');
      return { count };
    });
  });
}

/**
 * `deleteMany`: the `where` checked as a read's (400); in one transaction, the rows the caller may
 * read that it matches (more than `maxRows`: 400), a 403 when any is outside the `delete` filter,
 * then the rows deleted under it (409 when other rows still reference one: nothing is deleted).
 */
export function deleteRows(
  target: AnyWriteTarget,
  where: unknown,
  read: ReadCall<never>,
  options: BulkWriteOptions,
): Promise<BulkWriteResult> {
  return runWrite('delete', target, async () => {
    const checked = checkBulkWhere(target, where, read);
    const filter = actionFilter(target, read, 'delete');
    if (filter.rows === 'none') throw forbiddenWrite();
    return inTransaction(target, options, async (binding) => {
      const keys = await readableKeys(target, binding, checked, read);
      if (keys.length === 0) return { count: 0 };
      await assertAllWithin(binding, target.key, keys, filter);
      const { count } = await binding.delegate.deleteMany({
        where: within(keysWhere(target.key, keys), filter),
      });
      return { count };
    });
  });
}
