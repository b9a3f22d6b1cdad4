/** A relation that holds its foreign key: `author Author @relation(fields: [authorId], references: [id])`. */
export interface ForeignKey {
  /** The relation field (`author`). */
  readonly relation: string;
  /** The model it leads to (`Author`). */
  readonly model: string;
  /** The scalar fields of this model that hold the key (`['authorId']`). */
  readonly fields: readonly string[];
  /** The fields of the related model they name, in the same order (`['id']`). */
  readonly references: readonly string[];
}

/**
 * What only the schema text says: which fields are optional or lists, each enum's values, each
 * model's key, its foreign keys, and the fields the database or Prisma fills when a create leaves
 * them out (`@default`, `@updatedAt`).
 */
export interface SchemaDetails {
  readonly optional: ReadonlyMap<string, ReadonlySet<string>>;
  readonly lists: ReadonlyMap<string, ReadonlySet<string>>;
  readonly enums: ReadonlyMap<string, readonly string[]>;
  readonly ids: ReadonlyMap<string, readonly string[]>;
  readonly foreignKeys: ReadonlyMap<string, readonly ForeignKey[]>;
  readonly defaults: ReadonlyMap<string, ReadonlySet<string>>;
}

const BLOCK = /^\s*(model|enum)\s+(\w+)\s*\{([^}]*)\}/gm;
const FIELD_LINE = /^\s*(\w+)\s+(\w+)(\[\])?(\?)?/;
/** A field attribute `@id` (not `@@id`, not `@idx`). */
const ID_ATTRIBUTE = /\s@id(?=[\s(]|$)/;
/** A block attribute `@@id([a, b])` or `@@id(fields: [a, b], …)`; the list is captured. */
const COMPOUND_ID = /@@id\s*\(\s*(?:fields\s*:\s*)?\[([^\]]*)\]/;
/** A field attribute that fills the field when a create leaves it out. */
const DEFAULT_ATTRIBUTE = /\s@(default|updatedAt)(?=[\s(]|$)/;
const RELATION_ATTRIBUTE = /\s@relation\s*\(([^)]*)\)/;
const names = (list: string | undefined) =>
  (list ?? '').split(',').flatMap((item) => /^\s*(\w+)/.exec(item)?.[1] ?? []);

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
  const foreignKeys = new Map<string, ForeignKey[]>();
  const defaults = new Map<string, Set<string>>();
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
    const keys: ForeignKey[] = [];
    const filled = new Set<string>();
    for (const line of lines) {
      const match = FIELD_LINE.exec(line);
      if (match?.[4] === '?') fields.add(match[1] as string);
      if (match?.[3] === '[]') listFields.add(match[1] as string);
      if (match && ID_ATTRIBUTE.test(line)) key.push(match[1] as string);
      if (match && DEFAULT_ATTRIBUTE.test(line)) filled.add(match[1] as string);
      const relation = match ? RELATION_ATTRIBUTE.exec(line)?.[1] : undefined;
      if (match && relation !== undefined) {
        const from = names(/fields\s*:\s*\[([^\]]*)\]/.exec(relation)?.[1]);
        const to = names(/references\s*:\s*\[([^\]]*)\]/.exec(relation)?.[1]);
        if (from.length > 0 && from.length === to.length) {
          keys.push({
            relation: match[1] as string,
            model: match[2] as string,
            fields: from,
            references: to,
          });
        }
      }
    }
    optional.set(name as string, fields);
    lists.set(name as string, listFields);
    foreignKeys.set(name as string, keys);
    defaults.set(name as string, filled);
    const compound = COMPOUND_ID.exec(body ?? '')?.[1];
    if (compound !== undefined) {
      key.push(...compound.split(',').flatMap((item) => /^\s*(\w+)/.exec(item)?.[1] ?? []));
    }
    if (key.length > 0) ids.set(name as string, key);
  }
  return { optional, lists, enums, ids, foreignKeys, defaults };
}
