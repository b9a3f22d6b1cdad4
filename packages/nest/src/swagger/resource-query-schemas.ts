import type { ModelTypes } from '../model/model-types.js';
import { getFieldSchema, isFieldVisible } from '../projection/field-schema.js';
import type {
  DtoClass,
  FieldContext,
  FieldDefinition,
  RelationFieldDefinition,
} from '../projection/field-schema.types.js';
import { mapsDirectly, operandField } from '../read/check/check-query.js';
import type { OperandField } from '../read/check/operands.js';
import { OPERATORS, type OperandShape, QUERY_MODES } from '../read/check/operators.js';
import type { ReferenceObject, SchemaObject } from './openapi-types.js';
import { FACET_DTO_EXTENSION } from './schemas.js';

type Schema = SchemaObject | ReferenceObject;

const DIRECTION: SchemaObject = { type: 'string', enum: ['asc', 'desc'] };
const SORT: SchemaObject = {
  oneOf: [
    DIRECTION,
    {
      type: 'object',
      required: ['sort'],
      additionalProperties: false,
      properties: { sort: DIRECTION, nulls: { type: 'string', enum: ['first', 'last'] } },
    },
  ],
};
const COUNT: SchemaObject = { type: 'integer', minimum: 0 };

/** What one value of a field is on the wire, as the operand grammar reads it. */
function valueSchema(field: OperandField): SchemaObject {
  switch (field.type) {
    case 'String':
      return { type: 'string' };
    case 'Enum':
      return field.enumValues === undefined
        ? { type: 'string' }
        : { type: 'string', enum: [...field.enumValues] };
    case 'Int':
      return { type: 'integer', format: 'int32' };
    case 'BigInt':
      return {
        oneOf: [
          { type: 'integer', format: 'int64' },
          { type: 'string', pattern: '^-?(0|[1-9]\\d*)$' },
        ],
      };
    case 'Float':
      return { type: 'number' };
    case 'Decimal':
      return { oneOf: [{ type: 'number' }, { type: 'string', pattern: '^-?\\d{1,65}(\\.\\d{1,65})?$' }] };
    case 'Boolean':
      return { type: 'boolean' };
    case 'DateTime':
      return { type: 'string', format: 'date-time' };
    case 'Json':
    case 'Bytes':
      return {};
    case 'Untyped':
      return { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] };
  }
}

function nullableValue(field: OperandField): SchemaObject {
  const value = valueSchema(field);
  return field.nullable === false ? value : { ...value, nullable: true };
}

function ref(name: string): ReferenceObject {
  return { $ref: `#/components/schemas/${name}` };
}

function oneOrMany(schema: Schema): SchemaObject {
  return { oneOf: [schema, { type: 'array', items: schema }] };
}

/**
 * Builds the OpenAPI schemas of a resource's `where`, `orderBy`, `include` and `select` from its
 * DTO (the fields the caller may see and that map to the model), the model's field types and the
 * operand grammar the server enforces. Each DTO gets its schemas once, under names derived from
 * its class (`BookDtoWhereInput`); relations refer to their target's schemas.
 */
export class ResourceQuerySchemas {
  /** The component schemas built so far, by name. */
  readonly schemas: Record<string, SchemaObject> = {};

  constructor(private readonly context: FieldContext) {}

  /** The fields of `dto` that may be named in a query, as this caller sees them. */
  fieldsOf(dto: DtoClass): FieldDefinition[] {
    return [...getFieldSchema(dto).fields.values()].filter(
      (field) => isFieldVisible(field, this.context) && mapsDirectly(field),
    );
  }

  where(dto: DtoClass, model: ModelTypes | undefined): ReferenceObject {
    return this.component(`${dto.name}WhereInput`, dto, (self) => {
      const properties: Record<string, Schema> = {
        AND: oneOrMany(self),
        OR: { type: 'array', items: self },
        NOT: oneOrMany(self),
      };
      for (const field of this.fieldsOf(dto)) {
        if (field.kind === 'relation') {
          properties[field.name] = this.relationFilter(field, model?.relation(field.relation));
          continue;
        }
        const operand = operandField(model, field.name);
        if (operand.type === 'Bytes') continue;
        properties[field.name] =
          operand.type === 'Json'
            ? {}
            : { oneOf: [nullableValue(operand), this.scalarFilter(dto, field.name, operand)] };
      }
      return { type: 'object', additionalProperties: false, properties };
    });
  }

  orderBy(dto: DtoClass, model: ModelTypes | undefined): ReferenceObject {
    return this.component(`${dto.name}OrderByInput`, dto, () => {
      const properties: Record<string, Schema> = {};
      for (const field of this.fieldsOf(dto)) {
        if (field.kind === 'scalar') properties[field.name] = SORT;
        else if (field.isArray) {
          properties[field.name] = {
            type: 'object',
            additionalProperties: false,
            required: ['_count'],
            properties: { _count: DIRECTION },
          };
        } else properties[field.name] = this.orderBy(field.target, model?.relation(field.relation));
      }
      return { type: 'object', additionalProperties: false, properties };
    });
  }

  include(dto: DtoClass, model: ModelTypes | undefined): ReferenceObject {
    return this.component(`${dto.name}Include`, dto, () => this.load(dto, model, false));
  }

  select(dto: DtoClass, model: ModelTypes | undefined): ReferenceObject {
    return this.component(`${dto.name}Select`, dto, () => this.load(dto, model, true));
  }

  /** Names each visible field path (`author.name`), for the `fields` parameter's description. */
  fieldPaths(dto: DtoClass, depth = 2, prefix = ''): string[] {
    const paths: string[] = [];
    for (const field of getFieldSchema(dto).fields.values()) {
      if (!isFieldVisible(field, this.context)) continue;
      paths.push(`${prefix}${field.name}`);
      if (field.kind === 'relation' && depth > 1)
        paths.push(...this.fieldPaths(field.target, depth - 1, `${prefix}${field.name}.`));
    }
    return paths;
  }

  private component(
    name: string,
    dto: DtoClass,
    build: (self: ReferenceObject) => SchemaObject,
  ): ReferenceObject {
    const self = ref(name);
    if (this.schemas[name] !== undefined) return self;
    // Registered before it is built, so a relation that leads back here refers to it instead of recursing.
    this.schemas[name] = {};
    const schema: SchemaObject & Record<string, unknown> = {
      ...build(self),
      [FACET_DTO_EXTENSION]: dto.name,
    };
    this.schemas[name] = schema;
    return self;
  }

  /** The operator object of a scalar field; `not` also takes the same object (Prisma's nested not). */
  private scalarFilter(dto: DtoClass, fieldName: string, operand: OperandField): ReferenceObject {
    const list = operand.list === true ? 'List' : '';
    const name =
      operand.type === 'Enum'
        ? `${dto.name}${fieldName.charAt(0).toUpperCase()}${fieldName.slice(1)}${list}Filter`
        : `Facet${operand.type}${operand.nullable === false ? '' : 'Nullable'}${list}Filter`;
    return this.component(name, dto, (self) => {
      const properties: Record<string, Schema> = {};
      // A list's operators only where the schema says the field is a list: elsewhere they are a 400.
      const row = operand.list === true ? OPERATORS.List : OPERATORS[operand.type];
      for (const [operator, rule] of Object.entries(row)) {
        if (rule.default === 'refused' && rule.insensitive === 'refused') continue;
        const schema = operandSchema(rule.operand, operand);
        properties[operator] = rule.operand === 'negation' ? { oneOf: [schema, self] } : schema;
      }
      return { type: 'object', additionalProperties: false, properties };
    });
  }

  private relationFilter(field: RelationFieldDefinition, model: ModelTypes | undefined): SchemaObject {
    const target = this.where(field.target, model);
    if (field.isArray) {
      return {
        type: 'object',
        additionalProperties: false,
        properties: { some: target, every: target, none: target },
      };
    }
    return {
      nullable: true,
      oneOf: [
        target,
        {
          type: 'object',
          additionalProperties: false,
          properties: { is: { ...target, nullable: true }, isNot: { ...target, nullable: true } },
        },
      ],
    };
  }

  /** An `include` (relations only) or `select` (scalars too) object. */
  private load(dto: DtoClass, model: ModelTypes | undefined, scalars: boolean): SchemaObject {
    const properties: Record<string, Schema> = {};
    const toMany: string[] = [];
    for (const field of this.fieldsOf(dto)) {
      if (field.kind === 'scalar') {
        if (scalars) properties[field.name] = { type: 'boolean' };
        continue;
      }
      if (field.isArray) toMany.push(field.name);
      properties[field.name] = { oneOf: [{ type: 'boolean' }, this.relationArgs(field, model)] };
    }
    if (toMany.length > 0) {
      properties._count = {
        oneOf: [
          { type: 'boolean' },
          {
            type: 'object',
            required: ['select'],
            additionalProperties: false,
            properties: {
              select: {
                type: 'object',
                additionalProperties: false,
                properties: Object.fromEntries(toMany.map((name) => [name, { type: 'boolean' }])),
              },
            },
          },
        ],
      };
    }
    return { type: 'object', additionalProperties: false, properties };
  }

  private relationArgs(field: RelationFieldDefinition, model: ModelTypes | undefined): SchemaObject {
    const target = model?.relation(field.relation);
    const properties: Record<string, Schema> = {
      include: this.include(field.target, target),
      select: this.select(field.target, target),
    };
    if (field.isArray) {
      properties.where = this.where(field.target, target);
      properties.orderBy = oneOrMany(this.orderBy(field.target, target));
      properties.take = COUNT;
      properties.skip = COUNT;
    }
    return { type: 'object', additionalProperties: false, properties };
  }
}

function operandSchema(shape: OperandShape, field: OperandField): SchemaObject {
  switch (shape) {
    case 'value':
      return valueSchema(field);
    case 'nullableValue':
    case 'negation':
      return nullableValue(field);
    case 'list':
      return { type: 'array', items: valueSchema(field) };
    case 'nullableList':
      return {
        type: 'array',
        items: valueSchema(field),
        ...(field.nullable === false ? {} : { nullable: true }),
      };
    case 'text':
      return { type: 'string' };
    case 'mode':
      return { type: 'string', enum: [...QUERY_MODES] };
    case 'boolean':
      return { type: 'boolean' };
    case 'jsonScalar':
      return { oneOf: [{ type: 'string' }, { type: 'number' }] };
    case 'jsonPath':
    case 'json':
      return {};
  }
}
