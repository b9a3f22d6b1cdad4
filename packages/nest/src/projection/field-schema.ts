import 'reflect-metadata';
import { FIELD_METADATA, type FieldMetadata } from './field.decorators.js';
import type {
  DtoClass,
  FieldContext,
  FieldDefinition,
  FieldExpose,
  FieldSchema,
  RelationFieldDefinition,
} from './field-schema.types.js';

// @nestjs/swagger's reflect-metadata keys (its DECORATORS constants in dist/constants.js), read
// here by name so that this package never imports @nestjs/swagger, an optional peer.
const SWAGGER_PROPERTIES_ARRAY = 'swagger/apiModelPropertiesArray';
const SWAGGER_PROPERTIES = 'swagger/apiModelProperties';
// The static method the @nestjs/swagger CLI plugin adds to DTO classes instead of decorators.
const SWAGGER_PLUGIN_FACTORY = '_OPENAPI_METADATA_FACTORY';

const BUILT_IN_TYPES: ReadonlySet<unknown> = new Set([
  String,
  Number,
  Boolean,
  BigInt,
  Symbol,
  Date,
  Object,
  Array,
  Function,
  Promise,
  Map,
  Set,
  Buffer,
  RegExp,
  Uint8Array,
]);

const schemas = new WeakMap<DtoClass, FieldSchema>();

/**
 * The field schema of a DTO class: its declared properties, read from Facet's `@Field()` and
 * `@Relation()`, from `@nestjs/swagger`'s `@ApiProperty()` metadata and from the swagger CLI
 * plugin's metadata factory, including those of its parent classes. Built once per class and
 * cached; relation targets are resolved when first needed, so DTOs may refer to each other.
 */
export function getFieldSchema(type: DtoClass): FieldSchema {
  let schema = schemas.get(type);
  if (!schema) {
    schema = Object.freeze({ type, fields: buildFields(type) });
    schemas.set(type, schema);
  }
  return schema;
}

/** Whether the caller described by `context` may see the field. */
export function isFieldVisible(field: FieldDefinition, context: FieldContext): boolean {
  return field.expose === undefined || field.expose(context) === true;
}

/** Whether a class declares any field Facet can see (its own decorators or swagger's). */
export function declaresFields(type: unknown): type is DtoClass {
  if (typeof type !== 'function' || BUILT_IN_TYPES.has(type) || !type.prototype) return false;
  const prototype: object = type.prototype;
  return (
    Reflect.getMetadata(FIELD_METADATA, prototype) !== undefined ||
    Reflect.getMetadata(SWAGGER_PROPERTIES_ARRAY, prototype) !== undefined ||
    typeof (type as unknown as Record<string, unknown>)[SWAGGER_PLUGIN_FACTORY] === 'function'
  );
}

interface Candidate {
  type?: unknown;
  isArray?: boolean;
}

function buildFields(type: DtoClass): ReadonlyMap<string, FieldDefinition> {
  const fields = new Map<string, FieldDefinition>();
  // Parents first, so a subclass redeclaring a property replaces the parent's definition in place.
  for (const klass of classChain(type)) {
    for (const [name, candidate] of swaggerCandidates(klass)) {
      fields.set(name, fromCandidate(name, candidate, undefined));
    }
    const own: readonly FieldMetadata[] = Reflect.getOwnMetadata(FIELD_METADATA, klass.prototype) ?? [];
    for (const entry of own) fields.set(entry.name, fromFacetMetadata(klass, entry, fields.get(entry.name)));
  }
  return fields;
}

function classChain(type: DtoClass): DtoClass[] {
  const chain: DtoClass[] = [];
  for (let klass: unknown = type; typeof klass === 'function' && klass !== Function.prototype; ) {
    chain.unshift(klass as DtoClass);
    klass = Object.getPrototypeOf(klass);
  }
  return chain;
}

function swaggerCandidates(klass: DtoClass): Map<string, Candidate> {
  const out = new Map<string, Candidate>();
  const prototype: object = klass.prototype;
  const keys: unknown = Reflect.getOwnMetadata(SWAGGER_PROPERTIES_ARRAY, prototype);
  if (Array.isArray(keys)) {
    for (const key of keys) {
      if (typeof key !== 'string' || !key.startsWith(':')) continue;
      const name = key.slice(1);
      const metadata: Candidate | undefined = Reflect.getMetadata(SWAGGER_PROPERTIES, prototype, name);
      out.set(name, { type: metadata?.type, isArray: metadata?.isArray === true });
    }
  }
  if (Object.hasOwn(klass, SWAGGER_PLUGIN_FACTORY)) {
    const factory = (klass as unknown as Record<string, unknown>)[SWAGGER_PLUGIN_FACTORY];
    const properties: unknown = typeof factory === 'function' ? factory.call(klass) : undefined;
    if (properties !== null && typeof properties === 'object') {
      for (const [name, metadata] of Object.entries(properties as Record<string, Candidate | undefined>)) {
        if (!out.has(name)) out.set(name, { type: metadata?.type, isArray: metadata?.isArray === true });
      }
    }
  }
  return out;
}

/**
 * Swagger allows `type: X`, `type: [X]`, `type: () => X` and `type: () => [X]`. A thunk is an arrow
 * function, which has no `prototype`; a class always has one.
 */
function unwrapType(candidate: Candidate): { type: unknown; isArray: boolean } {
  let { type } = candidate;
  let isArray = candidate.isArray === true;
  if (typeof type === 'function' && !type.prototype) type = (type as () => unknown)();
  if (Array.isArray(type)) {
    isArray = true;
    type = type[0];
  }
  return { type, isArray };
}

/**
 * Swagger types are read lazily too: a relation's target is only called for once the schema is
 * asked for it, when every class of a cycle is defined.
 */
function fromCandidate(name: string, candidate: Candidate, expose: FieldExpose | undefined): FieldDefinition {
  const { type, isArray } = unwrapType(candidate);
  if (declaresFields(type)) {
    return Object.freeze({ kind: 'relation', name, relation: name, isArray, target: type, expose });
  }
  return Object.freeze({ kind: 'scalar', name, sources: Object.freeze([name]), expose, searchable: false });
}

function fromFacetMetadata(
  klass: DtoClass,
  entry: FieldMetadata,
  inherited: FieldDefinition | undefined,
): FieldDefinition {
  const expose = entry.options.expose ?? inherited?.expose;
  if (entry.kind === 'relation') {
    const designType: unknown = Reflect.getMetadata('design:type', klass.prototype, entry.name);
    const target = entry.target();
    if (typeof target !== 'function') {
      throw new TypeError(`@Relation() on ${klass.name}.${entry.name} must return a class.`);
    }
    const relation: RelationFieldDefinition = {
      kind: 'relation',
      name: entry.name,
      relation: entry.options.relation ?? entry.name,
      isArray: entry.options.isArray ?? designType === Array,
      target,
      expose,
    };
    return Object.freeze(relation);
  }
  if (inherited?.kind === 'relation' && entry.options.source === undefined) {
    if (entry.options.searchable === true) {
      throw new TypeError(
        `@Field({ searchable }) on ${klass.name}.${entry.name}: a relation is not searchable; mark the related DTO's own fields.`,
      );
    }
    // `@Field({ expose })` next to `@ApiProperty({ type: () => X })` adds a rule, it does not demote.
    return Object.freeze({ ...inherited, expose });
  }
  const source = entry.options.source ?? entry.name;
  const sources = typeof source === 'string' ? [source] : [...source];
  const searchable =
    entry.options.searchable ?? (inherited?.kind === 'scalar' ? inherited.searchable : false);
  return Object.freeze({
    kind: 'scalar',
    name: entry.name,
    sources: Object.freeze(sources),
    expose,
    searchable: searchable === true,
  });
}
