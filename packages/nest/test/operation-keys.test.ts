// Every read that reaches a delegate takes its top-level keys from one table
// (read/check/operation-keys.ts): a new read method of QueryService or Resource fails here until it
// has a row, or is named as not being a read.
import { describe, expect, it } from 'vitest';
import { QueryService, Resource } from '../src/index.js';
import { OPERATION_KEYS, RESOURCE_FACET_KEYS } from '../src/read/check/operation-keys.js';

/** The methods a class's instances have, getters and the constructor left out. */
function methods(type: { prototype: object }): string[] {
  return Object.getOwnPropertyNames(type.prototype).filter((name) => {
    const descriptor = Object.getOwnPropertyDescriptor(type.prototype, name);
    return name !== 'constructor' && typeof descriptor?.value === 'function';
  });
}

/** Members that do not read, each with why. */
const NOT_READS: Readonly<Record<string, string>> = {
  checked: "QueryService's check stage, called by every read",
  run: "QueryService's error mapping and caller rule around every read",
  toOne: "QueryService's to-one check around the reads that load relations",
  total: "Resource's count and aggregate share it",
  // Writes take `fields` only in their query (write/write-resource.ts, checkWriteQuery).
  create: 'a write: its query is `fields` only',
  update: 'a write: its query is `fields` only',
  delete: 'a write: its query is `fields` only',
  writes: 'says which writes the resource declares',
  writesOf: "the declared write's target, or a configuration error",
};

/** Rows of reads only a `Resource` has, each with why. */
const RESOURCE_ONLY: Readonly<Record<string, string>> = {
  export: 'a streamed export is served by a resource; QueryService pages',
  groupBy: "groups are served by a resource; QueryService has the spec's aggregate",
};

describe('the table of top-level keys per read operation', () => {
  it('has a row for every read QueryService has', () => {
    const reads = methods(QueryService).filter((name) => !Object.hasOwn(NOT_READS, name));
    const rows = Object.keys(OPERATION_KEYS).filter((name) => !Object.hasOwn(RESOURCE_ONLY, name));
    expect(reads.sort()).toEqual(rows.sort());
  });

  it('has a resource column for exactly the reads Resource has', () => {
    const reads = methods(Resource).filter((name) => !Object.hasOwn(NOT_READS, name));
    const resourceRows = Object.entries(OPERATION_KEYS)
      .filter(([, row]) => row.resource !== undefined)
      .map(([name]) => name);
    expect(reads.sort()).toEqual(resourceRows.sort());
  });

  it('gives a resource no key its service would not take, besides the resource-only ones', () => {
    for (const row of Object.values(OPERATION_KEYS)) {
      const service: readonly string[] = [...row.prisma, ...row.facet, ...RESOURCE_FACET_KEYS];
      for (const key of row.resource ?? []) expect(service).toContain(key);
    }
  });

  it('keeps the resource-only keys out of the service and out of Prisma', () => {
    for (const row of Object.values(OPERATION_KEYS)) {
      const service: readonly string[] = [...row.prisma, ...row.facet];
      for (const key of RESOURCE_FACET_KEYS) expect(service).not.toContain(key);
    }
  });
});
