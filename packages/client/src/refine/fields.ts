// Refine's `meta.fields` (the list its GraphQL providers take) as Facet's `fields` expression.
import type { CrudSort, MetaQuery } from '@refinedev/core';

/** One entry of `meta.fields`: a name, a dotted path, `{ relation: [...] }` or `{ operation, fields }`. */
type FieldEntry = NonNullable<MetaQuery['fields']>[number];

/** A projection tree: `true` for a field, a subtree for a relation. */
interface Tree {
  [name: string]: true | Tree;
}

/**
 * `meta.fields` as a `fields` expression: a string is passed as written (`'id,author{name}'`); a
 * list takes names, dotted paths (`'author.name'`) and objects (`{ author: ['name'] }`, or
 * Refine's `{ operation: 'author', fields: ['name'] }`). `undefined` when there is none.
 */
export function fieldsOfMeta(fields: MetaQuery['fields'] | string | undefined): string | undefined {
  if (fields === undefined) return undefined;
  if (typeof fields === 'string') return fields;
  if (!Array.isArray(fields)) throw new TypeError('meta.fields must be a string or a list');
  const tree: Tree = {};
  addAll(tree, fields);
  const expression = render(tree);
  return expression === '' ? undefined : expression;
}

function addAll(tree: Tree, entries: readonly FieldEntry[]): void {
  for (const entry of entries) add(tree, entry);
}

function add(tree: Tree, entry: FieldEntry): void {
  if (typeof entry === 'string') {
    let node = tree;
    const names = entry.split('.');
    names.forEach((name, index) => {
      if (index === names.length - 1) {
        if (node[name] === undefined) node[name] = true;
        return;
      }
      node = subtree(node, name);
    });
    return;
  }
  if (entry === null || typeof entry !== 'object')
    throw new TypeError('meta.fields: an entry must be a name or an object');
  const record = entry as { operation?: unknown; fields?: unknown } & Record<string, unknown>;
  if (typeof record.operation === 'string' && Array.isArray(record.fields)) {
    addAll(subtree(tree, record.operation), record.fields as FieldEntry[]);
    return;
  }
  for (const [name, inner] of Object.entries(record)) {
    if (!Array.isArray(inner)) throw new TypeError(`meta.fields: "${name}" must list its fields`);
    addAll(subtree(tree, name), inner as FieldEntry[]);
  }
}

function subtree(tree: Tree, name: string): Tree {
  const node = tree[name];
  if (node !== undefined && node !== true) return node;
  const next: Tree = {};
  tree[name] = next;
  return next;
}

function render(tree: Tree): string {
  return Object.entries(tree)
    .map(([name, node]) => (node === true ? name : `${name}{${render(node)}}`))
    .join(',');
}

/** Refine's sorters as Facet's `orderBy`: `author.name` sorts through the to-one relation. */
export function orderByOfSorters(
  sorters: readonly CrudSort[] | undefined,
): Record<string, unknown>[] | undefined {
  if (!sorters || sorters.length === 0) return undefined;
  return sorters.map(({ field, order }) => {
    if (order !== 'asc' && order !== 'desc')
      throw new TypeError(`sorter "${field}": order must be asc or desc`);
    const names = field.split('.');
    let sort: Record<string, unknown> = { [names[names.length - 1] as string]: order };
    for (let i = names.length - 2; i >= 0; i -= 1) sort = { [names[i] as string]: sort };
    return sort;
  });
}
