import { readInlineSchema, readRuntimeModel } from '../model/prisma-internals.js';
import { readSchemaDetails } from '../model/schema-text.js';

/**
 * The scalar types the compiler reads and compares; every other type leaves the read to Prisma. A
 * `Json` column is read (selected as the JSON it holds), never compared or sorted: its filters are
 * Prisma's (`path`, `DbNull`/`JsonNull`), so a read that filters or sorts by one goes to Prisma.
 */
export type SqlScalar =
  | 'String'
  | 'Enum'
  | 'Int'
  | 'Float'
  | 'BigInt'
  | 'Decimal'
  | 'Boolean'
  | 'DateTime'
  | 'Json';

/** One scalar column: its field, column name and how its values are compared and read back. */
export interface SqlColumn {
  readonly field: string;
  readonly column: string;
  readonly type: SqlScalar;
  /** Whether the column may hold null (`String?`): Prisma refuses a sort's `nulls` on any other. */
  readonly nullable: boolean;
  /** A DateTime stored with its zone (`@db.Timestamptz`); others are UTC wall-clock times, as Prisma reads them. */
  readonly zoned: boolean;
  /** The native type (`@db.Timestamp` is `Timestamp`), when the schema names one. */
  readonly native: string | undefined;
}

/** A to-one relation whose foreign key this model holds (`Book.author` by `authorId`). */
export interface SqlToOne {
  readonly model: string;
  readonly fields: readonly string[];
  readonly references: readonly string[];
}

/**
 * A to-many relation whose foreign key the related model holds (`Book.reviews` by `Review.bookId`):
 * `fields` are the related model's, `references` this model's.
 */
export interface SqlToMany {
  readonly model: string;
  readonly fields: readonly string[];
  readonly references: readonly string[];
}

/** One model as SQL sees it. `uncovered` names the fields the compiler does not read (lists, Bytes...). */
export interface SqlTable {
  readonly name: string;
  readonly table: string;
  readonly schema: string | undefined;
  /** Scalar columns the compiler reads, in the model's field order (the order Prisma's rows have). */
  readonly columns: ReadonlyMap<string, SqlColumn>;
  readonly toOne: ReadonlyMap<string, SqlToOne>;
  readonly toMany: ReadonlyMap<string, SqlToMany>;
  /** The primary key's fields: Prisma orders a relation's page by them when it names no order. */
  readonly key: readonly string[];
  /** Fields the compiler cannot read or filter: a read that reaches one goes to Prisma. */
  readonly uncovered: ReadonlySet<string>;
}

/** Every model of one Prisma client, by name. */
export type SqlCatalog = ReadonlyMap<string, SqlTable>;

const COVERED: ReadonlySet<string> = new Set([
  'String',
  'Int',
  'Float',
  'BigInt',
  'Decimal',
  'Boolean',
  'DateTime',
  'Json',
]);
const BLOCK = /^\s*model\s+(\w+)\s*\{([^}]*)\}/gm;
const FIELD_LINE = /^\s*(\w+)\s+(\w+)(\[\])?(\?)?(.*)$/;
const FIELD_MAP = /\s@map\(\s*(?:name\s*:\s*)?"([^"]+)"/;
const MODEL_MAP = /@@map\(\s*(?:name\s*:\s*)?"([^"]+)"/;
const MODEL_SCHEMA = /@@schema\(\s*"([^"]+)"/;
const NATIVE = /\s@db\.(\w+)/;
/** DateTime native types that hold a point in time; `@db.Date`/`@db.Time` are left to Prisma. */
const POINT_IN_TIME: ReadonlySet<string> = new Set(['Timestamp', 'Timestamptz']);

interface FieldText {
  readonly column: string | undefined;
  readonly native: string | undefined;
  readonly list: boolean;
}

/** Per model: each field's `@map`, native type and list mark, and the model's `@@map`/`@@schema`. */
function readFieldTexts(schema: string): Map<string, { fields: Map<string, FieldText>; block: string }> {
  const models = new Map<string, { fields: Map<string, FieldText>; block: string }>();
  const text = schema.replace(/\/\/.*$/gm, '');
  for (const [, name, body] of text.matchAll(BLOCK)) {
    const fields = new Map<string, FieldText>();
    for (const line of (body ?? '').split('\n')) {
      const match = FIELD_LINE.exec(line);
      if (match === null) continue;
      const rest = match[5] ?? '';
      fields.set(match[1] as string, {
        column: FIELD_MAP.exec(rest)?.[1],
        native: NATIVE.exec(rest)?.[1],
        list: match[3] === '[]',
      });
    }
    models.set(name as string, { fields, block: body ?? '' });
  }
  return models;
}

function relationName(field: unknown): unknown {
  return (field as { relationName?: unknown } | undefined)?.relationName;
}

const catalogs = new WeakMap<object, SqlCatalog | undefined>();

/**
 * The tables, columns and to-one foreign keys of the client a delegate belongs to, from Prisma's
 * runtime data model (table names) and the schema text it carries (`@map`, native types, keys);
 * `undefined` when the delegate exposes neither, and then no read of it is compiled.
 */
export function readSqlCatalog(delegate: unknown): SqlCatalog | undefined {
  const runtime = readRuntimeModel(delegate);
  const schema = readInlineSchema(delegate);
  if (runtime === undefined || schema === undefined) return undefined;
  if (catalogs.has(runtime.models)) return catalogs.get(runtime.models);
  const texts = readFieldTexts(schema);
  const details = readSchemaDetails(schema);
  const catalog = new Map<string, SqlTable>();
  for (const [name, model] of Object.entries(runtime.models)) {
    const text = texts.get(name);
    if (model === undefined || text === undefined || !Array.isArray(model.fields)) continue;
    const columns = new Map<string, SqlColumn>();
    const uncovered = new Set<string>();
    for (const field of model.fields) {
      if (typeof field.name !== 'string' || field.kind === 'object') continue;
      const own = text.fields.get(field.name);
      const type = field.kind === 'enum' ? 'Enum' : String(field.type);
      const native = own?.native;
      const covered =
        own !== undefined &&
        !own.list &&
        (type === 'Enum' || COVERED.has(type)) &&
        (type !== 'DateTime' || native === undefined || POINT_IN_TIME.has(native));
      if (!covered) {
        uncovered.add(field.name);
        continue;
      }
      columns.set(field.name, {
        field: field.name,
        column: own.column ?? field.name,
        type: type as SqlScalar,
        nullable: details.optional.get(name)?.has(field.name) === true,
        zoned: native === 'Timestamptz',
        native,
      });
    }
    const toOne = new Map<string, SqlToOne>();
    for (const key of details.foreignKeys.get(name) ?? []) {
      toOne.set(key.relation, { model: key.model, fields: key.fields, references: key.references });
    }
    // A list relation is the other side of a foreign key the related model holds: the one whose
    // relation field carries the same relation name (two relations between a pair of models differ by it).
    const toMany = new Map<string, SqlToMany>();
    for (const field of model.fields) {
      if (
        field.kind !== 'object' ||
        typeof field.name !== 'string' ||
        text.fields.get(field.name)?.list !== true
      )
        continue;
      const other = runtime.models[String(field.type)];
      const back = (details.foreignKeys.get(String(field.type)) ?? []).find((key) => {
        const relationField = other?.fields?.find((item) => item.name === key.relation);
        return key.model === name && relationName(relationField) === relationName(field);
      });
      if (back !== undefined)
        toMany.set(field.name, {
          model: String(field.type),
          fields: back.fields,
          references: back.references,
        });
    }
    const dbName = (model as { dbName?: unknown }).dbName;
    catalog.set(name, {
      name,
      table: typeof dbName === 'string' ? dbName : (MODEL_MAP.exec(text.block)?.[1] ?? name),
      schema: MODEL_SCHEMA.exec(text.block)?.[1],
      columns,
      toOne,
      toMany,
      key: details.ids.get(name) ?? [],
      uncovered,
    });
  }
  catalogs.set(runtime.models, catalog);
  return catalog;
}
