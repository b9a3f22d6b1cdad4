/**
 * What an `expose` rule sees: whatever the controller passes as the read's context, typically the
 * caller's role or ability. Facet never reads it itself.
 */
export type FieldContext = Readonly<Record<string, unknown>>;

/**
 * Decides per read whether the caller may see a field. A field it hides is treated exactly like a
 * field that does not exist: it cannot be selected (400 `unknown_key`, the same answer as for a
 * misspelt name, so the error reveals nothing) and it is stripped from every projected response.
 */
export type FieldExpose = (context: FieldContext) => boolean;

/** A class whose instances a resource returns: the DTO that defines the field schema. */
export type DtoClass = abstract new (...args: never[]) => object;

/** Options of `@Field()`. */
export interface FieldOptions {
  /** Hides the field from callers for whom it returns false. Default: visible to everyone. */
  readonly expose?: FieldExpose;
  /**
   * The model's columns this field is computed from, read when the projection is pushed down into a
   * Prisma `select`. Default: the column of the same name.
   */
  readonly source?: string | readonly string[];
  /**
   * Whether a search (`q`) looks in this field: a list, count, aggregate or export with `q`
   * matches the rows where a searchable field the caller may see (its `expose` allows it)
   * contains the text. Only a String column of the resource's own model that the field maps to
   * one-to-one (no `source` of its own) can be searchable; a resource checks that when it is built.
   * A field the caller may not see is never searched.
   * @default false
   */
  readonly searchable?: boolean;
}

/** Options of `@Relation()`. */
export interface RelationOptions {
  /** Hides the relation from callers for whom it returns false. Default: visible to everyone. */
  readonly expose?: FieldExpose;
  /** The model's relation name, as `include` spells it. Default: the property name. */
  readonly relation?: string;
  /** Whether the property holds an array of the target. Default: `design:type` is `Array`. */
  readonly isArray?: boolean;
}

export interface ScalarFieldDefinition {
  readonly kind: 'scalar';
  readonly name: string;
  /** Model columns to read for this field when a `select` is pushed down. */
  readonly sources: readonly string[];
  readonly expose: FieldExpose | undefined;
  /** Whether `q` searches this field (`FieldOptions.searchable`). */
  readonly searchable: boolean;
}

export interface RelationFieldDefinition {
  readonly kind: 'relation';
  readonly name: string;
  /** The model's relation name, as `include` spells it. */
  readonly relation: string;
  readonly isArray: boolean;
  /** The DTO class of the related items. */
  readonly target: DtoClass;
  readonly expose: FieldExpose | undefined;
}

export type FieldDefinition = ScalarFieldDefinition | RelationFieldDefinition;

/**
 * The fields a DTO class declares, in declaration order. Only these names resolve: a `Map` lookup
 * never reaches `toString`, `constructor` or anything else inherited.
 */
export interface FieldSchema {
  readonly type: DtoClass;
  readonly fields: ReadonlyMap<string, FieldDefinition>;
}
