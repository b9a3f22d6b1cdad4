/**
 * The effective where of a read under an access filter (docs/spec-conformance.md#46-access-filter-merge):
 * `{ AND: [accessWhere, clientWhere] }`, or `{ AND: [accessWhere] }` when the client sent none.
 *
 * Both inputs are referenced, not copied: nothing here mutates them, and copying (above all through
 * JSON) would turn the server's Dates, Decimals and Buffers into strings.
 */
export function mergeAccessWhere<TWhere>(accessWhere: TWhere, clientWhere: TWhere | undefined): TWhere {
  const parts = clientWhere === undefined ? [accessWhere] : [accessWhere, clientWhere];
  // A where-input always accepts AND over where-inputs; the cast only names that fact.
  return { AND: parts } as TWhere;
}
