import type { PageMeta, PageMetaField } from '@facet/core';

/** Pure helpers that turn UI state into the parts of a Facet query. */

type Condition = Record<string, unknown>;

/** `nestPath('author.name', x)` is `{ author: { name: x } }`. */
export function nestPath(path: string, value: unknown): Condition {
  const segments = path.split('.');
  let out: unknown = value;
  for (let i = segments.length - 1; i >= 0; i--) out = { [segments[i] as string]: out };
  return out as Condition;
}

/**
 * A `contains` condition. `mode: 'insensitive'` is Prisma's and exists only on PostgreSQL and
 * MongoDB, so it is added only on request: MySQL and MariaDB are case-insensitive by collation.
 */
export function containsCondition(field: string, text: string, caseInsensitive: boolean): Condition {
  return nestPath(field, caseInsensitive ? { contains: text, mode: 'insensitive' } : { contains: text });
}

/** An OR of `contains` over `fields`; one field needs no OR. */
export function searchCondition(
  fields: readonly string[],
  text: string,
  caseInsensitive: boolean,
): Condition {
  const each = fields.map((field) => containsCondition(field, text, caseInsensitive));
  return each.length === 1 ? (each[0] as Condition) : { OR: each };
}

/** Joins conditions with AND, leaving out empty ones; `undefined` when nothing is left. */
export function allOf(conditions: readonly (Condition | undefined)[]): Condition | undefined {
  const present = conditions.filter(
    (condition): condition is Condition => condition !== undefined && Object.keys(condition).length > 0,
  );
  if (present.length === 0) return undefined;
  return present.length === 1 ? present[0] : { AND: present };
}

interface FieldNode {
  leaf: boolean;
  children: Map<string, FieldNode>;
}

/**
 * Formats dotted paths in the `fields` grammar: `['id', 'author.name', 'author.id']` becomes
 * `id,author{name,id}`. A whole relation listed as well as some of its fields stays whole.
 */
export function formatFieldPaths(paths: readonly string[]): string {
  const root: FieldNode = { leaf: false, children: new Map() };
  for (const path of paths) {
    let node = root;
    for (const segment of path.split('.')) {
      let child = node.children.get(segment);
      if (!child) {
        child = { leaf: false, children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    node.leaf = true;
  }
  const format = (node: FieldNode): string =>
    [...node.children]
      .map(([name, child]) => (child.leaf || child.children.size === 0 ? name : `${name}{${format(child)}}`))
      .join(',');
  return format(root);
}

/** The page-meta fields a paged store needs; requested when the envelope is projected. */
const STORE_META_FIELDS: readonly PageMetaField[] = [
  'page',
  'perPage',
  'itemCount',
  'pageCount',
  'nextCursor',
  'prevCursor',
];
const META_FIELDS = `meta{${STORE_META_FIELDS.join(',')}}`;

/**
 * The `fields` parameter for a list: `undefined` loads the server's default selection, `envelope`
 * projects items and keeps the page meta, `items` sends the item fields alone.
 */
export function listFields(
  paths: readonly string[] | null,
  projection: 'envelope' | 'items',
): string | undefined {
  if (paths === null) return undefined;
  const items = formatFieldPaths([...new Set(paths)]);
  return projection === 'envelope' ? `items{${items}},${META_FIELDS}` : items;
}

/** Reads a dotted path out of an item (`author.name`). */
export function readPath(item: unknown, path: string): unknown {
  let value = item;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** Drops `undefined` entries, so two equal queries encode to the same key. */
export function compact<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) if (entry !== undefined) out[key] = entry;
  return out as T;
}

/** Total and page count from a response's meta, computed from the items when the meta lacks them. */
export function readPageMeta(
  meta: Partial<PageMeta> | undefined,
  itemCount: number,
  perPage: number,
): { total: number; pageCount: number } {
  const total = typeof meta?.itemCount === 'number' ? meta.itemCount : itemCount;
  const pageCount = typeof meta?.pageCount === 'number' ? meta.pageCount : Math.ceil(total / perPage);
  return { total, pageCount };
}
