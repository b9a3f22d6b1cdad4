/** A field of Prisma's runtime data model, as far as Facet reads it. */
export interface RuntimeField {
  readonly name: string;
  readonly type: string;
}

/** The two internals of a Prisma 7 model delegate that Facet's introspection relies on. */
interface IntrospectableDelegate {
  readonly $name?: unknown;
  readonly $parent?: {
    readonly _runtimeDataModel?: {
      readonly models?: Record<string, { readonly fields?: readonly RuntimeField[] }>;
    };
  };
}

/**
 * The model's fields from Prisma's runtime data model: a Prisma 7 delegate knows its model
 * (`$name`) and its client (`$parent`), and the client carries `_runtimeDataModel`. These are
 * internals, so every step is checked; `undefined` when the delegate does not expose them (an
 * extension, a wrapper, a fake).
 */
export function readRuntimeFields(delegate: unknown): readonly RuntimeField[] | undefined {
  const candidate =
    (typeof delegate === 'object' || typeof delegate === 'function') && delegate !== null
      ? (delegate as IntrospectableDelegate)
      : undefined;
  const modelName = candidate?.$name;
  const model =
    typeof modelName === 'string' ? candidate?.$parent?._runtimeDataModel?.models?.[modelName] : undefined;
  return Array.isArray(model?.fields) ? model.fields : undefined;
}
