import { FacetQueryError, isPlainObject, isPrototypeKey } from '@facet/core';

/**
 * Prisma's include shape: relation name → `true`, or the relation's arguments (`include`, `select`,
 * `where`, `orderBy`, `take`, ...). `false` counts as not mentioned.
 */
export type IncludeTree = Readonly<Record<string, unknown>>;

type Writable = Record<string, unknown>;

function isMentioned(value: unknown): boolean {
  return value !== undefined && value !== false && value !== null;
}

// Every object built here gets its keys by assignment; a prototype key would not be copied but would
// replace the new object's prototype. The decoder already refuses them; server-built trees are
// checked too rather than trusted.
function put(target: Writable, key: string, value: unknown, path: readonly string[]): void {
  if (isPrototypeKey(key)) {
    throw new FacetQueryError([
      { code: 'prototype_key', path: [...path, key], message: 'This key is not allowed.' },
    ]);
  }
  target[key] = value;
}

/**
 * Merges two include trees into a new one; neither input is touched. `later` extends `earlier`:
 * relations of both are kept, and for a relation named in both see `mergeRelationArgs`.
 */
export function mergeIncludeTrees(
  earlier: IncludeTree | undefined,
  later: IncludeTree | undefined,
  path: readonly string[] = ['include'],
): IncludeTree {
  const out: Writable = {};
  for (const tree of [earlier, later]) {
    if (!isPlainObject(tree)) continue;
    for (const key of Object.keys(tree)) {
      const value = tree[key];
      if (!isMentioned(value)) continue;
      put(
        out,
        key,
        Object.hasOwn(out, key) ? mergeRelationArgs(out[key], value, [...path, key]) : value,
        path,
      );
    }
  }
  return out;
}

/**
 * Merges the arguments of one relation that two sources ask for.
 *
 * - `true` with `true` stays `true`; `true` with arguments keeps the arguments (an `include` inside
 *   them still loads every scalar; a `select` inside them narrows on purpose and stays).
 * - Two argument objects: nested `include` and `select` trees merge; two `where`s are both applied
 *   (`{ AND: [earlier, later] }`), so a client can narrow an endpoint's relation filter but never
 *   widen it; other arguments (`orderBy`, `take`, ...) come from `later`.
 * - Where one side selects and the other includes, the included relations move into the `select`
 *   (Prisma refuses both at one level).
 */
export function mergeRelationArgs(earlier: unknown, later: unknown, path: readonly string[]): unknown {
  if (!isMentioned(earlier)) return later;
  if (!isMentioned(later)) return earlier;
  if (!isPlainObject(earlier)) return isPlainObject(later) ? later : true;
  if (!isPlainObject(later)) return earlier;
  const out: Writable = {};
  for (const key of Object.keys(earlier)) put(out, key, earlier[key], path);
  for (const key of Object.keys(later)) put(out, key, later[key], path);
  // Both filters apply whatever they are: a `where` that is not a plain object is Prisma's to refuse,
  // never a reason to keep only `later`'s.
  if (earlier.where !== undefined && later.where !== undefined) {
    out.where = { AND: [earlier.where, later.where] };
  }
  if (isPlainObject(earlier.include) || isPlainObject(later.include)) {
    out.include = mergeIncludeTrees(
      earlier.include as IncludeTree | undefined,
      later.include as IncludeTree | undefined,
      [...path, 'include'],
    );
  }
  if (isPlainObject(earlier.select) || isPlainObject(later.select)) {
    out.select = mergeIncludeTrees(
      earlier.select as IncludeTree | undefined,
      later.select as IncludeTree | undefined,
      [...path, 'select'],
    );
  }
  if (isPlainObject(out.select) && isPlainObject(out.include)) {
    out.select = mergeIncludeTrees(out.select, out.include, [...path, 'select']);
    delete out.include;
  }
  return out;
}
