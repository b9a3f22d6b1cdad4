import { getFieldSchema, isFieldVisible } from './field-schema.js';
import type { FieldContext, FieldSchema } from './field-schema.types.js';
import type { ResolvedSelection } from './resolve-selection.js';

/**
 * What `Fields.project` keeps of a DTO: the fields a `fields` expression selected, or, without one,
 * every field the DTO declares and the caller may see. Fields the DTO does not declare, and fields
 * hidden from the caller, are never in a projected value. Built by `prepareFieldsQuery`.
 */
export class FieldProjection {
  /** @internal */
  constructor(
    readonly schema: FieldSchema,
    /** `undefined`: no `fields` expression, so every visible declared field. */
    readonly selection: ResolvedSelection | undefined,
    readonly context: FieldContext,
  ) {}

  /** True when a `fields` expression chose the fields, false when every visible field is kept. */
  get isSelective(): boolean {
    return this.selection !== undefined;
  }

  /** Applies the projection to one DTO or an array of them, returning new plain objects. */
  project<TValue>(value: TValue): unknown {
    return projectValue(value, this.schema, this.selection, this.context);
  }
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !(value instanceof Date) && !Array.isArray(value);
}

function projectValue(
  value: unknown,
  schema: FieldSchema,
  selection: ResolvedSelection | undefined,
  context: FieldContext,
): unknown {
  if (Array.isArray(value)) return value.map((item) => projectValue(item, schema, selection, context));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  if (selection) {
    for (const { field, child } of selection.entries) {
      const entry = value[field.name];
      if (entry === undefined) continue;
      out[field.name] =
        field.kind === 'relation' ? projectValue(entry, getFieldSchema(field.target), child, context) : entry;
    }
    return out;
  }
  for (const field of schema.fields.values()) {
    if (!isFieldVisible(field, context)) continue;
    const entry = value[field.name];
    if (entry === undefined) continue;
    out[field.name] =
      field.kind === 'relation'
        ? projectValue(entry, getFieldSchema(field.target), undefined, context)
        : entry;
  }
  return out;
}

/** The spec's `Fields` helper (4.4). */
export const Fields = Object.freeze({
  /**
   * Applies a projection from `prepareFieldsQuery` to a DTO or an array of DTOs (spec 4.4 rule 5).
   * Without a projection (`null`/`undefined`) the value is returned as it is.
   */
  project<TValue>(value: TValue, projection: FieldProjection | null | undefined): unknown {
    return projection ? projection.project(value) : value;
  },
});
