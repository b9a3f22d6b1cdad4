import { type FacetIssue, FacetQueryError, type IssuePath, isFacetQueryError } from '@facet/core';
import { FacetQueryException } from '../../errors/facet-query.exception.js';
import { checkClientArgs } from '../../read/check/check-client-args.js';
import { checkResourceQuery } from '../../read/check/check-resource-query.js';
import type { KeyField } from '../../read/plan/key.js';
import type { DelegateArgs, ReadCall } from '../../read/read-model.js';
import type { AccessFilter } from '../../read/scope/access-scope.js';
import { scopedArgs } from '../../read/scoped-args.js';
import { forbiddenWrite, keySelect, within } from '../scope/write-scope.js';
import type { AnyWriteTarget, WriteBinding } from '../types/write-target.js';

type KeyWhere = Record<string, unknown>;

/** The 400 of a bulk write over its row budget (`path` the body, or the `where` that matched too many). */
export function tooManyRows(path: IssuePath, limit: number, what: string): FacetQueryError {
  return new FacetQueryError([
    {
      code: 'too_many',
      path,
      limit,
      message: `${what} more than ${limit} rows: a bulk write takes at most ${limit}.`,
    },
  ]);
}

/** Runs one row's check, its refusal's paths put under the row's index (`[3].rating`). */
export async function atRow<T>(index: number, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    const issues: readonly FacetIssue[] | undefined = isFacetQueryError(error)
      ? error.issues
      : error instanceof FacetQueryException
        ? error.issues
        : undefined;
    if (issues === undefined) throw error;
    const [first, ...rest] = issues.map(
      (issue) => ({ ...issue, path: [index, ...issue.path] }) as FacetIssue,
    );
    throw new FacetQueryError([first as FacetIssue, ...rest]);
  }
}

/**
 * A bulk write's `where`, checked as a read's (`GET /count`'s): only fields the caller may see, the
 * operator grammar, operand types and the budget; a 400 naming the path otherwise. `where` is
 * required (`{}` names every row), so that a forgotten filter is not a write of every row.
 */
export function checkBulkWhere(target: AnyWriteTarget, where: unknown, read: ReadCall<never>): DelegateArgs {
  if (where === undefined || where === null) {
    throw new FacetQueryError([
      {
        code: 'invalid_value',
        path: ['where'],
        message: 'A bulk write names its rows with `where` (an empty object names every row).',
      },
    ]);
  }
  const { model, view } = target.read;
  checkResourceQuery({ where }, view, undefined, [], read, model.model.types);
  return checkClientArgs('count', { where }, 'resource', { ...model, model: model.model.types });
}

/**
 * The keys of the rows a checked `where` matches that the caller may read (its read scope, relation
 * filters through the related subjects' rules, as every read's): a row it may not read is not
 * there. More than `maxRows` is the 400 of the budget, before anything is written.
 */
export async function readableKeys(
  target: AnyWriteTarget,
  binding: WriteBinding,
  checked: DelegateArgs,
  read: ReadCall<never>,
): Promise<KeyWhere[]> {
  const { model, scope } = binding.read;
  const { args, empty } = scopedArgs(model, checked, scope('count', read));
  if (empty) return [];
  const { maxRows } = target.bulk;
  const rows = (await model.delegate.findMany({
    ...(args.where === undefined ? {} : { where: args.where }),
    select: keySelect(target.key),
    take: maxRows + 1,
  })) as KeyWhere[];
  if (rows.length > maxRows) throw tooManyRows(['where'], maxRows, 'It matches');
  return rows.map((row) => Object.fromEntries(target.key.map((field) => [field.name, row[field.name]])));
}

/** A where of exactly the rows of `keys`: `{ id: { in } }`, or an OR of compound keys. */
export function keysWhere(key: readonly KeyField[], keys: readonly KeyWhere[]): KeyWhere {
  const [single] = key;
  if (single !== undefined && key.length === 1)
    return { [single.name]: { in: keys.map((row) => row[single.name]) } };
  return { OR: [...keys] };
}

/**
 * A 403 unless every row of `keys` lies within `filter`: the bulk form of `assertWithin`, one count
 * for all the rows. Any row outside refuses the whole write (in a transaction: nothing is written).
 */
export async function assertAllWithin(
  binding: WriteBinding,
  key: readonly KeyField[],
  keys: readonly KeyWhere[],
  filter: AccessFilter,
): Promise<void> {
  if (filter.rows === 'all' || keys.length === 0) return;
  if (filter.rows === 'none') throw forbiddenWrite();
  const distinct = new Set(keys.map((row) => JSON.stringify(key.map((field) => String(row[field.name])))))
    .size;
  const inside = await binding.read.model.delegate.count({ where: within(keysWhere(key, keys), filter) });
  if (inside !== distinct) throw forbiddenWrite();
}
