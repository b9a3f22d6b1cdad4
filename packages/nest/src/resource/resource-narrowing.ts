import { isPlainObject } from '@facet/core';

/** Options of a `Resource` read beyond the client's query. */
export interface ResourceNarrowing {
  /**
   * A where-input of the server's own, ANDed with the client's `where` and the access filter. It is
   * not checked against the DTO (it may use fields the caller cannot see), so never build it from
   * client input: that belongs in the query, which is checked.
   */
  readonly where?: object;
}

/** The `where` option of a read, checked to be a where-input object. */
export function ownWhere(options: ResourceNarrowing): object | undefined {
  const { where } = options;
  if (where === undefined) return undefined;
  if (!isPlainObject(where))
    throw new TypeError("A resource read's `where` option must be a plain where-input object.");
  return where;
}
