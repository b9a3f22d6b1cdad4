/**
 * Builds the access filter of one read: a where-input of the model that limits rows to what the
 * ability may see. Called once per read with the request's ability and the service's `subject`.
 * Its result is server-built and reaches Prisma untouched (Dates, Decimals and Buffers included).
 */
export type AccessibleWhere<TAbility, TWhere> = (ability: TAbility, subject: string) => TWhere;
