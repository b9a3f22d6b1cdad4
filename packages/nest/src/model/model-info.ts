import { type ModelTypes, readModelTypes } from './model-types.js';
import { readProvider, readsRelationJoins } from './prisma-internals.js';

/**
 * What Facet knows of the model a delegate reads, besides the delegate itself: read from Prisma's
 * internals (prisma-internals.ts), or given through the `model` option of `QueryService` (and of a
 * resource's `service`) for a delegate that does not expose them (an extension, a wrapper). Each
 * member given replaces what would be read; the others are still read from the delegate.
 */
export interface ModelInfo {
  /**
   * The model's field types (`readModelTypes(prisma.book)`): operands are checked and made literal
   * by them, keyset paging and to-one checks need them, and `idType: 'auto'` reads the key's type.
   * @default read from the delegate; without them operands are checked as untyped scalars
   */
  readonly types?: ModelTypes;
  /**
   * The database the client speaks (`postgresql`, `mysql`...): where a sort puts nulls.
   * @default read from the delegate; without it, PostgreSQL's order
   */
  readonly provider?: string;
  /**
   * Whether the client loads relations with joins (the `relationJoins` preview feature).
   * @default read from the delegate; without it, `false`
   */
  readonly relationJoins?: boolean;
}

/** `ModelInfo` with what was not given read from the delegate. */
export interface ResolvedModel {
  /** The model's field types; `undefined` when neither given nor readable. */
  readonly types: ModelTypes | undefined;
  /** The database the client speaks; `undefined` when neither given nor readable. */
  readonly provider: string | undefined;
  /** Whether the client loads relations with joins. */
  readonly relationJoins: boolean;
}

const MODEL_INFO_KEYS: { readonly [K in keyof Required<ModelInfo>]: true } = {
  types: true,
  provider: true,
  relationJoins: true,
};

/**
 * The model of `delegate`: `given`'s members, the rest read from the delegate.
 * @throws {TypeError} naming an unknown or mistyped member of `given`.
 */
export function resolveModel(delegate: unknown, given: ModelInfo = {}): ResolvedModel {
  if (typeof given !== 'object' || given === null)
    throw new TypeError('The `model` option must be an object.');
  for (const key of Object.keys(given)) {
    if (!Object.hasOwn(MODEL_INFO_KEYS, key))
      throw new TypeError(`Unknown \`model\` option member \`${key}\`.`);
  }
  if (given.types !== undefined && (typeof given.types !== 'object' || given.types === null)) {
    throw new TypeError('The `model.types` option must be the model types (see readModelTypes).');
  }
  if (given.provider !== undefined && typeof given.provider !== 'string') {
    throw new TypeError('The `model.provider` option must be a string.');
  }
  if (given.relationJoins !== undefined && typeof given.relationJoins !== 'boolean') {
    throw new TypeError('The `model.relationJoins` option must be a boolean.');
  }
  return {
    types: given.types ?? readModelTypes(delegate),
    provider: given.provider ?? readProvider(delegate),
    relationJoins: given.relationJoins ?? readsRelationJoins(delegate),
  };
}
