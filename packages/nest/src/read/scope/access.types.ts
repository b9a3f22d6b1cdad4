/**
 * What a caller does to rows: reads them, or one of the three writes. Reads merge the `read`
 * filter; a write checks the row against its own action's filter (see docs/SECURITY.md, "Writes").
 */
export type AccessAction = 'read' | 'create' | 'update' | 'delete';

/**
 * Builds the access filter of one read or write: a where-input of the model that limits rows to
 * what the ability may `action` (CASL's `accessibleBy(ability, action)`). Called with the request's
 * ability, the subject, and the action; a read asks for `'read'`. Its result is server-built and
 * reaches Prisma untouched (Dates, Decimals and Buffers included).
 *
 * A function that ignores `action` would let every caller write every row it may read: a resource
 * that declares writes refuses, at start-up, a function that takes fewer than three parameters.
 */
export type AccessibleWhere<TAbility, TWhere> = (
  ability: TAbility,
  subject: string,
  action: AccessAction,
) => TWhere;
