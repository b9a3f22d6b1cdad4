/**
 * The scalar types of Prisma's schema language that Facet tells apart when it checks a filter's
 * operands. `Enum` stands for any enum: Prisma 7's runtime data model does not carry enum values,
 * so an enum operand is checked to be a string and its value is Prisma's to judge.
 */
export type ScalarType =
  | 'String'
  | 'Int'
  | 'BigInt'
  | 'Float'
  | 'Decimal'
  | 'Boolean'
  | 'DateTime'
  | 'Json'
  | 'Bytes'
  | 'Enum';

/**
 * What Facet knows of one model's fields: the type of each scalar, and the model a relation leads
 * to. Read from Prisma's runtime data model (`readModelTypes`); a delegate that does not expose it
 * has none, and its filters are checked without types.
 */
export interface ModelTypes {
  readonly name: string;
  /** The scalar type of `field`, or `undefined` when it is not a scalar of this model. */
  scalar(field: string): ScalarType | undefined;
  /** The model a relation field leads to, or `undefined` when `field` is not a relation. */
  relation(field: string): ModelTypes | undefined;
}

interface RuntimeModelField {
  readonly name?: unknown;
  readonly kind?: unknown;
  readonly type?: unknown;
}
type RuntimeModels = Readonly<Record<string, { readonly fields?: readonly RuntimeModelField[] } | undefined>>;

const SCALAR_TYPES: ReadonlySet<string> = new Set([
  'String',
  'Int',
  'BigInt',
  'Float',
  'Decimal',
  'Boolean',
  'DateTime',
  'Json',
  'Bytes',
]);

/** One set of model types per runtime data model, so each model is read once per client. */
const cache = new WeakMap<object, Map<string, ModelTypes | undefined>>();

function modelTypes(models: RuntimeModels, name: string): ModelTypes | undefined {
  let byName = cache.get(models);
  if (byName === undefined) {
    byName = new Map();
    cache.set(models, byName);
  }
  if (byName.has(name)) return byName.get(name);
  const fields = models[name]?.fields;
  if (!Array.isArray(fields)) {
    byName.set(name, undefined);
    return undefined;
  }
  const scalars = new Map<string, ScalarType>();
  const relations = new Map<string, string>();
  for (const field of fields as readonly RuntimeModelField[]) {
    if (typeof field.name !== 'string' || typeof field.type !== 'string') continue;
    if (field.kind === 'enum') scalars.set(field.name, 'Enum');
    else if (field.kind === 'object') relations.set(field.name, field.type);
    else if (field.kind === 'scalar' && SCALAR_TYPES.has(field.type))
      scalars.set(field.name, field.type as ScalarType);
  }
  const types: ModelTypes = {
    name,
    scalar: (field) => scalars.get(field),
    relation: (field) => {
      const target = relations.get(field);
      return target === undefined ? undefined : modelTypes(models, target);
    },
  };
  byName.set(name, types);
  return types;
}

interface IntrospectableDelegate {
  readonly $name?: unknown;
  readonly $parent?: { readonly _runtimeDataModel?: { readonly models?: unknown } };
}

/**
 * The field types of a Prisma 7 model delegate (`prisma.book`), from the client's runtime data model
 * (`$parent._runtimeDataModel`, the model named by `$name`). These are Prisma internals, so every
 * step is checked: `undefined` for any other delegate (an extension that hides them, a wrapper, a
 * plain object with the five operations).
 */
export function readModelTypes(delegate: unknown): ModelTypes | undefined {
  if ((typeof delegate !== 'object' && typeof delegate !== 'function') || delegate === null) return undefined;
  const { $name: name, $parent: parent } = delegate as IntrospectableDelegate;
  const models = parent?._runtimeDataModel?.models;
  if (typeof name !== 'string' || typeof models !== 'object' || models === null) return undefined;
  return modelTypes(models as RuntimeModels, name);
}
