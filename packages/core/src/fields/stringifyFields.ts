import { isPlainObject } from '../codec/prototypeKeys.js';
import { addField, emptySelection, type FieldSelection, isFieldName } from './fieldSelection.js';

/**
 * Writes a `fields` expression that `parseFields` reads back as the same selection:
 * `stringifyFields({ id: true, author: { name: true } })` and
 * `stringifyFields(['id', 'author.name'])` both give `id,author{name}`.
 *
 * Dotted paths name nested fields; a path and its prefix (`'author'`, `'author.name'`) merge as
 * `parseFields` merges them, so the plain `author` wins. Fields set to `false` or `undefined` in a
 * selection object are left out, which makes toggling a column a one-line change.
 *
 * @throws {TypeError} for a name outside the grammar (`[A-Za-z_][A-Za-z0-9_]*`) or a value that is
 *   neither `true`, `false`, `undefined` nor a selection: such input could not be parsed back.
 */
export function stringifyFields(
  selection:
    | FieldSelection
    | { readonly [field: string]: boolean | undefined | FieldSelection }
    | readonly string[],
): string {
  if (Array.isArray(selection)) return write(fromPaths(selection as readonly string[]));
  if (selection === null || typeof selection !== 'object') {
    throw new TypeError('stringifyFields expects a field selection or an array of dotted paths.');
  }
  return write(selection as { readonly [field: string]: unknown }, []);
}

function fromPaths(paths: readonly string[]): FieldSelection {
  const root = emptySelection();
  for (const path of paths) {
    if (typeof path !== 'string') throw new TypeError('stringifyFields expects dotted paths as strings.');
    const names = path.split('.');
    let value: true | FieldSelection = true;
    for (let i = names.length - 1; i >= 0; i--) {
      const name = names[i] as string;
      checkName(name, path);
      if (i === 0) addField(root, name, value);
      else {
        const parent = emptySelection();
        parent[name] = value;
        value = parent;
      }
    }
  }
  return root;
}

function write(selection: { readonly [field: string]: unknown }, path: string[] = []): string {
  let out = '';
  for (const name of Object.keys(selection)) {
    const value = selection[name];
    if (value === false || value === undefined) continue;
    path.push(name);
    checkName(name, path.join('.'));
    let part: string;
    if (value === true) part = name;
    else if (isPlainObject(value)) {
      part = `${name}{${write(value, path)}}`;
    } else {
      throw new TypeError(`stringifyFields: the field ${path.join('.')} must be true, false or a selection.`);
    }
    path.pop();
    out = out === '' ? part : `${out},${part}`;
  }
  return out;
}

function checkName(name: string, path: string): void {
  if (!isFieldName(name)) {
    throw new TypeError(
      `stringifyFields: "${path}" is not a valid field path; names match [A-Za-z_][A-Za-z0-9_]*.`,
    );
  }
}
