import type { ParseFieldsOptions } from '@facet/core';
import type { DtoClass, FieldContext } from '../../projection/field-schema.types.js';
import type { IncludeTree } from '../../projection/merge-relation-args.js';
import type { QueryBudget } from './query-budget.js';

/** A client-supplied object: plain data from the decoder, no class instances (`isPlainObject`). */
export type PlainRecord = Record<string, unknown>;

/** Arguments as they go to the delegate: any object; the type map typed them at the public edge. */
export type DelegateArgs = { where?: unknown; [key: string]: unknown };

/** Who reads: the caller's ability, what `expose` rules see, or a read of the server's own. */
export interface ReadCall<TAbility> {
  readonly ability?: TAbility;
  readonly context?: FieldContext;
  readonly trusted?: boolean;
}

/** What a mapper receives besides the model: one object, so fields can be added later. */
export interface ResourceMapContext<TAbility> {
  /** The ability of the read, if any. */
  readonly ability: TAbility | undefined;
  /** The context passed to the read (what `expose` rules see). */
  readonly context: FieldContext;
}

/** How a resource shows its rows: the DTO the caller sees, the mapper, and what every read loads. */
export interface ResourceView<TModel, TDto extends object, TAbility> {
  readonly dto: DtoClass & (abstract new (...args: never[]) => TDto);
  readonly map: (model: TModel, context: ResourceMapContext<TAbility>) => TDto;
  readonly baseInclude?: IncludeTree | undefined;
  readonly pushDown?: boolean | undefined;
  readonly alwaysSelect?: readonly string[] | undefined;
  readonly fieldsOptions?: ParseFieldsOptions | undefined;
  readonly budget?: QueryBudget | undefined;
}
