import { getFieldSchema, isFieldVisible } from './field-schema.js';
import type { FieldContext, FieldSchema } from './field-schema.types.js';
import type { ResolvedSelection } from './resolve-selection.js';

/**
 * What `Fields.project` keeps of a DTO: the fields a `fields` expression selected, or, without one,
 * every field the DTO declares and the caller may see. Fields the DTO does not declare, and fields
 * hidden from the caller, are never in a projected value. Built by `prepareFieldsQuery`.
 */
export class FieldProjection {
  /** Compiled on first use; the schema, selection and context never change afterwards. */
  private plan: Plan | undefined;

  /** @internal */
  constructor(
    private readonly schema: FieldSchema,
    /** `undefined`: no `fields` expression, so every visible declared field. */
    private readonly selection: ResolvedSelection | undefined,
    private readonly context: FieldContext,
  ) {}

  /** True when a `fields` expression chose the fields, false when every visible field is kept. */
  get isSelective(): boolean {
    return this.selection !== undefined;
  }

  /** Applies the projection to one DTO or an array of them, returning new plain objects. */
  project<TValue>(value: TValue): unknown {
    this.plan ??= compile(this.schema, this.selection, this.context, new Map());
    return applyPlan(value, this.plan);
  }
}

/**
 * What to copy from one DTO, worked out once per projection rather than once per item: the field
 * names in output order, and for each relation the plan of its target (`undefined` for a scalar).
 */
interface Plan {
  readonly names: string[];
  readonly children: (Plan | undefined)[];
}

/**
 * Without a selection every visible field is kept, and DTOs may refer to each other
 * (Author.books, Book.author), so those plans are shared per schema through `visible`; `expose`
 * rules depend on the context only, which is fixed for the projection.
 */
function compile(
  schema: FieldSchema,
  selection: ResolvedSelection | undefined,
  context: FieldContext,
  visible: Map<FieldSchema, Plan>,
): Plan {
  if (selection) {
    const plan: Plan = { names: [], children: [] };
    for (const { field, child } of selection.entries) {
      plan.names.push(field.name);
      plan.children.push(
        field.kind === 'relation'
          ? compile(getFieldSchema(field.target), child, context, visible)
          : undefined,
      );
    }
    return plan;
  }
  const known = visible.get(schema);
  if (known) return known;
  const plan: Plan = { names: [], children: [] };
  visible.set(schema, plan);
  for (const field of schema.fields.values()) {
    if (!isFieldVisible(field, context)) continue;
    plan.names.push(field.name);
    plan.children.push(
      field.kind === 'relation'
        ? compile(getFieldSchema(field.target), undefined, context, visible)
        : undefined,
    );
  }
  return plan;
}

function applyPlan(value: unknown, plan: Plan): unknown {
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = applyPlan(value[i], plan);
    return out;
  }
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const source = value as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  const { names, children } = plan;
  for (let i = 0; i < names.length; i++) {
    const name = names[i] as string;
    const entry = source[name];
    if (entry === undefined) continue;
    const child = children[i];
    out[name] = child === undefined ? entry : applyPlan(entry, child);
  }
  return out;
}

/** The spec's `Fields` helper (4.4). */
export const Fields = Object.freeze({
  /**
   * Applies a projection from `prepareFieldsQuery` to a DTO or an array of DTOs (docs/spec-conformance.md#44-fields-projection, rule 5).
   * Without a projection (`null`/`undefined`) the value is returned as it is.
   */
  project<TValue>(value: TValue, projection: FieldProjection | null | undefined): unknown {
    return projection ? projection.project(value) : value;
  },
});
