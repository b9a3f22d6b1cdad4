import { type RuntimeModels, readInlineSchema, readRuntimeModel } from './prisma-internals.js';
import { type ForeignKey, readSchemaDetails, type SchemaDetails } from './schema-text.js';

export type { ForeignKey };

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
  /**
   * The relations whose foreign key this model holds (`Book.author` by `authorId`), or `undefined`
   * when the schema text is not available.
   */
  foreignKeys?(): readonly ForeignKey[] | undefined;
  /**
   * Whether a create may leave `field` out because the database or Prisma fills it (`@default`,
   * `@updatedAt`); `undefined` when the schema text is not available.
   */
  hasDefault?(field: string): boolean | undefined;
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
  for (const field of fields) {
    if (typeof field.name !== 'string' || typeof field.type !== 'string') continue;
    if (field.kind === 'enum') {
      scalars.set(field.name, 'Enum');
      enumTypes.set(field.name, field.type);
    } else if (field.kind === 'object') relations.set(field.name, field.type);
    // Prisma's own data always has a kind; a field without one is read as a scalar.
    else if ((field.kind === 'scalar' || field.kind === undefined) && SCALAR_TYPES.has(field.type))
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
    foreignKeys: () => details?.foreignKeys.get(name),
    hasDefault: (field) => {
      const filled = details?.defaults.get(name);
      return filled === undefined ? undefined : filled.has(field);
    },
  };
  byName.set(name, types);
  return types;
}

const detailsCache = new WeakMap<object, SchemaDetails | undefined>();

function schemaDetails(models: object, schema: string | undefined): SchemaDetails | undefined {
  if (detailsCache.has(models)) return detailsCache.get(models);
  const details = schema === undefined ? undefined : readSchemaDetails(schema);
  detailsCache.set(models, details);
  return details;
}

/**
 * The field types of a Prisma 7 model delegate (`prisma.book`), from the client's runtime data model
 * with optional fields, lists, enum values and keys from the schema text (see prisma-internals.ts);
 * `undefined` for any other delegate (an extension that hides them, a wrapper, a plain object with
 * the five operations).
 */
export function readModelTypes(delegate: unknown): ModelTypes | undefined {
  const runtime = readRuntimeModel(delegate);
  if (runtime === undefined) return undefined;
  return modelTypes(runtime.models, runtime.name, schemaDetails(runtime.models, readInlineSchema(delegate)));
}
