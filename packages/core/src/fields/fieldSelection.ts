/**
 * A parsed `fields` expression: each requested field maps to `true`, or, for a relation (or the
 * envelope's `items`/`meta`), to the selection inside its braces. `rel{}` is an empty selection.
 *
 * Built on null-prototype objects, so `selection.toString` is `undefined` unless the client asked
 * for a field by that name: lookups can never hit an inherited member.
 */
export interface FieldSelection {
  readonly [field: string]: true | FieldSelection;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True for a field name the `fields` grammar accepts: `[A-Za-z_][A-Za-z0-9_]*`. */
export function isFieldName(name: string): boolean {
  return IDENTIFIER.test(name);
}

/** True for a value shaped like a `FieldSelection` (any prototype; field names are checked). */
export function isFieldSelection(value: unknown): value is FieldSelection {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key of Object.keys(value)) {
    const entry = (value as Record<string, unknown>)[key];
    if (!isFieldName(key) || (entry !== true && !isFieldSelection(entry))) return false;
  }
  return true;
}

/**
 * Adds one field to a selection under construction. A field asked for twice merges: two
 * sub-selections merge field by field, and a plain mention (`rel`) wins over a sub-selection
 * (`rel{x}`) because it asks for the whole field, a superset of any part of it.
 */
export function addField(
  selection: Record<string, true | FieldSelection>,
  name: string,
  value: true | FieldSelection,
): void {
  const existing = Object.hasOwn(selection, name) ? selection[name] : undefined;
  if (existing === undefined || value === true) {
    selection[name] = value;
  } else if (existing !== true) {
    const merged = existing as Record<string, true | FieldSelection>;
    for (const key of Object.keys(value)) addField(merged, key, value[key] as true | FieldSelection);
  }
}

/** An empty selection on a null prototype. */
export function emptySelection(): Record<string, true | FieldSelection> {
  return Object.create(null) as Record<string, true | FieldSelection>;
}
