/** A client-supplied object: plain data from the decoder, no class instances. */
export type PlainRecord = Record<string, unknown>;

// `@facet/core`'s one rule for "plain object", under the name the policy and resource stages import.
export { isPlainObject as isPlainRecord } from '@facet/core';
