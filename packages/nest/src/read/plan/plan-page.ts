import { type CountKind, FacetQueryError, isPlainObject } from '@facet/core';
import type { CursorCodec, CursorParameter, Position } from './cursor.js';
import { reversedOrderBy, type SortKey, type TotalOrder } from './keyset.js';
import { keysetWhere, reversedKeys } from './keyset-where.js';

type Args = { where?: unknown; [key: string]: unknown };

/** A page read from a cursor: the rows on one side of a position. */
export interface CursorRead {
  /** `after`: the rows following the position; `before`: those preceding it (read backwards). */
  readonly direction: CursorParameter;
  readonly position: Position;
}

/** The delegate calls of one page, its `findMany` and its `count` when totals are shown, and how to read the rows. */
export interface PagePlan {
  /** `offset`: a counted `page`; `partial`: an uncounted one; `cursor`: a page read from a cursor. */
  readonly mode: 'offset' | 'partial' | 'cursor';
  readonly findMany: Args;
  readonly count: Args | undefined;
  /** How `count` runs (exact, or estimated above a threshold) and whether the meta says so; with `count` only. */
  readonly counting: PageCounting | undefined;
  /** Paths of sort keys a `select` did not ask for, added for the cursors and removed from the rows. */
  readonly added: readonly (readonly string[])[];
  /** The cursor read, for a `cursor` page. */
  readonly cursor: CursorRead | undefined;
  /** Whether the rows come backwards (a key position read `before`): the page turns them round. */
  readonly reversed: boolean;
  /** The index of the page's first row in the whole list, when known (offsets). */
  readonly start: number | undefined;
  /** How many rows the page shows at most; one more is read to know whether another page follows. */
  readonly size: number;
}

/** How a counted page counts (`count=exact|estimated`), and whether `meta.countMode` shows it. */
export interface PageCounting {
  readonly mode: CountKind;
  /** True when the request named a count mode: the default meta keeps the spec's shape. */
  readonly shown: boolean;
}

const EXACT: PageCounting = Object.freeze({ mode: 'exact', shown: false });

/**
 * The position a cursor (`after` or `before`) holds; `undefined` without one, a 400 when it cannot
 * be one for this read: both at once, one with `page`, or a cursor of another sort or resource.
 */
export function cursorRead(
  input: { readonly page?: unknown; readonly after?: unknown; readonly before?: unknown },
  order: TotalOrder,
  cursors: CursorCodec,
): CursorRead | undefined {
  const refuse = (parameter: CursorParameter, message: string): never => {
    throw new FacetQueryError([{ code: 'invalid_cursor', path: [parameter], message }]);
  };
  const { after, before } = input;
  if (after === undefined && before === undefined) return undefined;
  if (after !== undefined && before !== undefined) {
    refuse('before', 'before and after cannot be combined: send one cursor');
  }
  const direction: CursorParameter = after !== undefined ? 'after' : 'before';
  if (input.page !== undefined) {
    refuse(direction, `${direction} and page cannot be combined: a cursor is a position of its own`);
  }
  const cursor = after ?? before;
  return { direction, position: cursors.decode(cursor, order.signature, order.keys?.length ?? 0, direction) };
}

/**
 * The calls of one page, from the scoped arguments: the total order replaces the client's sort.
 * A cursor page reads the rows on its side of the position (by key, or by offset for a sort that
 * cannot be compared by value), backwards for `before`; an offset page skips. A page without
 * totals reads one row more than it shows, to know whether another follows; a counted one runs
 * `count` beside it.
 */
export function planPage(
  scoped: Args,
  order: TotalOrder,
  paging: { readonly page: number; readonly perPage: number; readonly cursor: CursorRead | undefined },
  counted: boolean,
  anyField: string,
  counting: PageCounting = EXACT,
): PagePlan {
  const { args: base, added } = withSortKeys({ ...scoped, orderBy: order.orderBy }, order.keys ?? []);
  const { page, perPage, cursor } = paging;
  const countArgs = base.where === undefined ? {} : { where: base.where };
  const count = counted ? countArgs : undefined;
  const plan = {
    added,
    cursor,
    count,
    counting: counted ? counting : undefined,
    reversed: false,
    size: perPage,
  };
  const narrowed = (extra: object): Args => ({
    ...base,
    where: base.where === undefined ? extra : { AND: [base.where, extra] },
  });
  if (cursor !== undefined) {
    const { position, direction } = cursor;
    if (position.kind === 'offset') {
      const start = direction === 'after' ? position.offset : Math.max(position.offset - perPage, 0);
      const size = direction === 'after' ? perPage : position.offset - start;
      const findMany = { ...base, skip: start, take: size + 1 };
      return { ...plan, mode: 'cursor', findMany, start, size };
    }
    const keys = order.keys as readonly SortKey[];
    // A position beside a row: `after` it excludes the row, `before` it includes it, read either way.
    const inclusive = position.edge !== direction;
    if (direction === 'after') {
      const findMany = {
        ...narrowed(keysetWhere(keys, position.values, anyField, inclusive)),
        take: perPage + 1,
      };
      return { ...plan, mode: 'cursor', findMany, start: undefined };
    }
    const where = keysetWhere(reversedKeys(keys), position.values, anyField, inclusive);
    const findMany = { ...narrowed(where), orderBy: reversedOrderBy(order.orderBy), take: perPage + 1 };
    return { ...plan, mode: 'cursor', findMany, reversed: true, start: undefined };
  }
  const skip = (page - 1) * perPage;
  if (!counted) {
    return { ...plan, mode: 'partial', findMany: { ...base, skip, take: perPage + 1 }, start: skip };
  }
  return { ...plan, mode: 'offset', findMany: { ...base, skip, take: perPage }, start: skip };
}

type Selection = Record<string, unknown>;

/**
 * Arguments that read every sort key, so the page's cursors can be built: a `select` that leaves
 * a key out, an `omit` that names one, or a relation that is not loaded, get it added; `added`
 * names what the caller did not ask for, to be removed from the rows again.
 */
export function withSortKeys(args: Args, keys: readonly SortKey[]): { args: Args; added: string[][] } {
  const added: string[][] = [];
  let widened: Selection = args;
  for (const key of keys) widened = withPath(widened, [...key.path, key.field], [], added);
  return { args: widened as Args, added };
}

/**
 * `level` (a read's arguments, or a relation's `{ select }`/`{ include }`) reading `path`: a
 * scalar at its end, through to-one relations. `at` is where `level` sits in the row.
 */
function withPath(
  level: Selection,
  path: readonly string[],
  at: readonly string[],
  added: string[][],
): Selection {
  const [name, ...rest] = path as [string, ...string[]];
  const select = isPlainObject(level.select) ? level.select : undefined;
  if (rest.length === 0) {
    if (select !== undefined) {
      if (select[name] === true) return level;
      added.push([...at, name]);
      return { ...level, select: { ...select, [name]: true } };
    }
    // Without a select every scalar is read, but the ones `omit` names.
    const omit = isPlainObject(level.omit) ? level.omit : undefined;
    if (omit?.[name] !== true) return level;
    added.push([...at, name]);
    const { [name]: _left, ...kept } = omit;
    return { ...level, omit: kept };
  }
  const member = select !== undefined ? 'select' : 'include';
  const container: Selection = (select ?? (isPlainObject(level.include) ? level.include : {})) as Selection;
  const current = container[name];
  let next: Selection;
  if (current === undefined || current === false || current === null) {
    added.push([...at, name]);
    next = pathSelection(rest);
  } else {
    // `true` reads the relation's scalars; an object says what of it is read.
    next = withPath(isPlainObject(current) ? current : {}, rest, [...at, name], added);
    if (current === true && Object.keys(next).length === 0) return level;
  }
  return { ...level, [member]: { ...container, [name]: next } };
}

/** `{ select }` of exactly `path`, for a relation that was not read. */
function pathSelection(path: readonly string[]): Selection {
  const [name, ...rest] = path as [string, ...string[]];
  return { select: { [name]: rest.length === 0 ? true : pathSelection(rest) } };
}

/** Removes what `withSortKeys` added from the rows, so each row is what the caller asked for. */
export function stripAdded(records: unknown[], added: readonly (readonly string[])[]): unknown[] {
  if (added.length === 0) return records;
  for (const record of records) {
    for (const path of added) {
      let at: unknown = record;
      for (const name of path.slice(0, -1))
        at = typeof at === 'object' && at !== null ? (at as Selection)[name] : undefined;
      if (typeof at === 'object' && at !== null) delete (at as Selection)[path[path.length - 1] as string];
    }
  }
  return records;
}
