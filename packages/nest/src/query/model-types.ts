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
  /**
   * Whether `field` may hold null (`String?`): `true`, `false`, or `undefined` when the schema text
   * is not available, in which case a `null` operand is taken as null.
   */
  nullable(field: string): boolean | undefined;
  /** The values of an enum field, when the schema text is available. */
  enumValues(field: string): readonly string[] | undefined;
  /**
   * Whether `field` is a scalar list (`String[]`): `true`, `false`, or `undefined` when the schema
   * text is not available (the runtime data model does not say).
   */
  list(field: string): boolean | undefined;
  /** The model a relation field leads to, or `undefined` when `field` is not a relation. */
  relation(field: string): ModelTypes | undefined;
  /**
   * The fields of the model's primary key (`@id`, or the list of `@@id([...])`), or `undefined`
   * when the schema text is not available.
   */
  idFields(): readonly string[] | undefined;
}

interface RuntimeModelField {
  readonly name?: unknown;
  readonly kind?: unknown;
  readonly type?: unknown;
}
type RuntimeModels = Readonly<Record<string, { readonly fields?: readonly RuntimeModelField[] } | undefined>>;

/** What only the schema text says: which fields are optional or lists, each enum's values, each model's key. */
interface SchemaDetails {
  readonly optional: ReadonlyMap<string, ReadonlySet<string>>;
  readonly lists: ReadonlyMap<string, ReadonlySet<string>>;
  readonly enums: ReadonlyMap<string, readonly string[]>;
  readonly ids: ReadonlyMap<string, readonly string[]>;
}

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

const BLOCK = /^\s*(model|enum)\s+(\w+)\s*\{([^}]*)\}/gm;
const FIELD_LINE = /^\s*(\w+)\s+(\w+)(\[\])?(\?)?/;
/** A field attribute `@id` (not `@@id`, not `@idx`). */
const ID_ATTRIBUTE = /\s@id(?=[\s(]|$)/;
/** A block attribute `@@id([a, b])` or `@@id(fields: [a, b], …)`; the list is captured. */
const COMPOUND_ID = /@@id\s*\(\s*(?:fields\s*:\s*)?\[([^\]]*)\]/;

/**
 * Reads the facts Prisma 7's runtime data model leaves out from the schema text the client
 * carries (`_engineConfig.inlineSchema`): optional fields (`String?`), scalar lists (`String[]`),
 * enum values and each model's primary key. Only model and enum blocks are read; a schema this
 * cannot read leaves them unknown.
 */
export function readSchemaDetails(schema: string): SchemaDetails {
  const optional = new Map<string, Set<string>>();
  const lists = new Map<string, Set<string>>();
  const enums = new Map<string, string[]>();
  const ids = new Map<string, string[]>();
  const text = schema.replace(/\/\/.*$/gm, '');
  for (const [, kind, name, body] of text.matchAll(BLOCK)) {
    const lines = (body ?? '').split('\n').filter((line) => /^\s*\w/.test(line));
    if (kind === 'enum') {
      enums.set(
        name as string,
        lines.map((line) => line.trim().split(/\s+/)[0] as string),
      );
      continue;
    }
    const fields = new Set<string>();
    const listFields = new Set<string>();
    const key: string[] = [];
    for (const line of lines) {
      const match = FIELD_LINE.exec(line);
      if (match?.[4] === '?') fields.add(match[1] as string);
      if (match?.[3] === '[]') listFields.add(match[1] as string);
      if (match && ID_ATTRIBUTE.test(line)) key.push(match[1] as string);
    }
    optional.set(name as string, fields);
    lists.set(name as string, listFields);
    const compound = COMPOUND_ID.exec(body ?? '')?.[1];
    if (compound !== undefined) {
      key.push(...compound.split(',').flatMap((item) => /^\s*(\w+)/.exec(item)?.[1] ?? []));
    }
    if (key.length > 0) ids.set(name as string, key);
  }
  return { optional, lists, enums, ids };
}

/** One set of model types per runtime data model, so each model is read once per client. */
const cache = new WeakMap<object, Map<string, ModelTypes | undefined>>();

function modelTypes(
  models: RuntimeModels,
  name: string,
  details: SchemaDetails | undefined,
): ModelTypes | undefined {
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
  const enumTypes = new Map<string, string>();
  const relations = new Map<string, string>();
  for (const field of fields as readonly RuntimeModelField[]) {
    if (typeof field.name !== 'string' || typeof field.type !== 'string') continue;
    if (field.kind === 'enum') {
      scalars.set(field.name, 'Enum');
      enumTypes.set(field.name, field.type);
    } else if (field.kind === 'object') relations.set(field.name, field.type);
    else if (field.kind === 'scalar' && SCALAR_TYPES.has(field.type))
      scalars.set(field.name, field.type as ScalarType);
  }
  const optional = details?.optional.get(name);
  const lists = details?.lists.get(name);
  const types: ModelTypes = {
    name,
    scalar: (field) => scalars.get(field),
    nullable: (field) => (optional === undefined ? undefined : optional.has(field)),
    list: (field) => (lists === undefined ? undefined : lists.has(field)),
    enumValues: (field) => {
      const type = enumTypes.get(field);
      return type === undefined ? undefined : details?.enums.get(type);
    },
    relation: (field) => {
      const target = relations.get(field);
      return target === undefined ? undefined : modelTypes(models, target, details);
    },
    idFields: () => details?.ids.get(name),
  };
  byName.set(name, types);
  return types;
}

interface IntrospectableDelegate {
  readonly $name?: unknown;
  readonly $parent?: {
    readonly _runtimeDataModel?: { readonly models?: unknown };
    readonly _engineConfig?: { readonly inlineSchema?: unknown };
  };
}

const detailsCache = new WeakMap<object, SchemaDetails | undefined>();

function schemaDetails(models: object, schema: unknown): SchemaDetails | undefined {
  if (detailsCache.has(models)) return detailsCache.get(models);
  const details = typeof schema === 'string' ? readSchemaDetails(schema) : undefined;
  detailsCache.set(models, details);
  return details;
}

/**
 * The field types of a Prisma 7 model delegate (`prisma.book`), from the client's runtime data model
 * (`$parent._runtimeDataModel`, the model named by `$name`), with optional fields and enum values
 * from the schema text (`$parent._engineConfig.inlineSchema`). These are Prisma internals, so
 * every step is checked: `undefined` for any other delegate (an extension that hides them, a
 * wrapper, a plain object with the five operations).
 */
export function readModelTypes(delegate: unknown): ModelTypes | undefined {
  if ((typeof delegate !== 'object' && typeof delegate !== 'function') || delegate === null) return undefined;
  const { $name: name, $parent: parent } = delegate as IntrospectableDelegate;
  const models = parent?._runtimeDataModel?.models;
  if (typeof name !== 'string' || typeof models !== 'object' || models === null) return undefined;
  const details = schemaDetails(models, parent?._engineConfig?.inlineSchema);
  return modelTypes(models as RuntimeModels, name, details);
}
