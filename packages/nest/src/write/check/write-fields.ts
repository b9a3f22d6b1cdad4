import { getMetadataStorage } from 'class-validator';
import { FacetConfigurationError } from '../../errors/facet-configuration.error.js';
import type { ModelTypes, ScalarType } from '../../model/model-types.js';
import { getFieldSchema } from '../../projection/field-schema.js';
import type { DtoClass, FieldExpose } from '../../projection/field-schema.types.js';

/** One field a body may carry: the model's column and who may write it. */
export interface WritableField {
  readonly name: string;
  /** The column's type; `undefined` when the model's types are unknown (the value is then checked as JSON). */
  readonly type: ScalarType | undefined;
  readonly nullable: boolean | undefined;
  readonly list: boolean | undefined;
  readonly enumValues: readonly string[] | undefined;
  /** Whether a create must carry it: not optional, no default, not a list. */
  readonly required: boolean;
  /** The input DTO's `@Field({ expose })`: who may write it. A caller it hides meets it as an unknown field. */
  readonly expose: FieldExpose | undefined;
}

/** What one write's body may hold, resolved once from its input DTO and the model. */
export interface WriteBodyPlan {
  readonly dto: DtoClass;
  readonly fields: ReadonlyMap<string, WritableField>;
  /** Whether the DTO carries class-validator rules to run. */
  readonly validated: boolean;
}

/**
 * The writable fields of an input DTO: every property it declares to Facet (`@Field`,
 * `@ApiProperty`) or to class-validator, each of which must be a scalar column of the model. A
 * relation (`author`) or a name the model does not have is a configuration error at start-up: a
 * body can then never carry a nested write (`{ author: { connect } }`) unless one is declared, and
 * no DTO field is silently ignored.
 * @throws {FacetConfigurationError}
 */
export function planWriteBody(
  resource: string,
  action: 'create' | 'update',
  dto: DtoClass,
  model: ModelTypes | undefined,
): WriteBodyPlan {
  if (typeof dto !== 'function') {
    throw new FacetConfigurationError(`Resource ${resource}: writes.${action}.body must be a class.`);
  }
  const schema = getFieldSchema(dto).fields;
  const validations = getMetadataStorage().getTargetValidationMetadatas(dto, '', false, false);
  const names = new Set<string>([...schema.keys(), ...validations.map((rule) => rule.propertyName)]);
  if (names.size === 0) {
    throw new FacetConfigurationError(
      `Resource ${resource}: ${dto.name}, the body of writes.${action}, declares no field (@Field, @ApiProperty or a class-validator rule).`,
    );
  }
  const fields = new Map<string, WritableField>();
  for (const name of names) {
    const declared = schema.get(name);
    if (declared?.kind === 'relation' || (declared !== undefined && declared.sources.join() !== name)) {
      throw new FacetConfigurationError(
        `Resource ${resource}: ${dto.name}.${name} is not a column of its own; a body writes the model's scalar fields only.`,
      );
    }
    const type = model?.scalar(name);
    if (model !== undefined && type === undefined) {
      throw new FacetConfigurationError(
        `Resource ${resource}: ${dto.name}.${name} is not a scalar field of ${model.name}; a body writes the model's scalar fields only (no nested relation writes).`,
      );
    }
    if (type === 'Bytes') {
      throw new FacetConfigurationError(
        `Resource ${resource}: ${dto.name}.${name} is a Bytes field, which a JSON body cannot carry; set it with writes.${action}.set.`,
      );
    }
    const nullable = model?.nullable(name);
    const list = model?.list(name);
    const filled = model?.hasDefault?.(name);
    fields.set(name, {
      name,
      type,
      nullable,
      list,
      enumValues: type === 'Enum' ? model?.enumValues(name) : undefined,
      required: nullable === false && list !== true && filled === false,
      expose: declared?.expose,
    });
  }
  return { dto, fields, validated: validations.length > 0 };
}
