import { isPlainObject } from '@facet/core';
import { FacetConfigurationError } from '../../errors/facet-configuration.error.js';
import type { PlainRecord } from '../check/read-call.js';
import { serverWhere } from '../check/server-where.js';
import type { AccessAction } from './access.types.js';
import { hasNestedEmptyOr, hasTopLevelEmptyOr } from './empty-or.js';

/**
 * The access filter of one subject for one read, as built, and which rows it allows: `'all'` for
 * `{}`, `'none'` for a filter with an empty top-level `OR` (CASL's answer when no rule allows the
 * action), `'some'` otherwise.
 */
export interface AccessFilter {
  readonly where: PlainRecord;
  readonly rows: 'all' | 'none' | 'some';
}

/**
 * The one rule for what an access filter may be, wherever it is merged (the root, a relation, a
 * to-one check, an aggregate): a where-input object, without an empty `OR` below its top level.
 * Prisma reads such an `OR` as true under the merge's `AND` (see empty-or.ts), so a filter that
 * holds one is a configuration error, never a read.
 * @throws {FacetConfigurationError}
 */
export function accessFilterOf(subject: string, built: unknown): AccessFilter {
  if (!isPlainObject(built)) {
    throw new FacetConfigurationError(
      `accessibleWhere returned ${built === null ? 'null' : Array.isArray(built) ? 'an array' : typeof built} for subject ${subject}; it must return a where-input object.`,
    );
  }
  if (hasNestedEmptyOr(built)) {
    throw new FacetConfigurationError(
      `accessibleWhere returned a filter with a nested empty \`OR\` for subject ${subject}; Prisma ` +
        'evaluates it as true inside the merged AND, so the read is refused.',
    );
  }
  // The server's own filter: the preparation of client operands never enters it.
  const where = serverWhere(built);
  if (hasTopLevelEmptyOr(where)) return { where, rows: 'none' };
  return { where, rows: Object.keys(where).length === 0 ? 'all' : 'some' };
}

const EVERY_ROW: AccessFilter = { where: {}, rows: 'all' };

/**
 * The access of one read: the filter of every subject it reaches (its model's, and each related
 * model's), each built once and checked by `accessFilterOf`. A scope without a builder (a trusted
 * read, or a model without access rules) allows every row of every subject.
 */
export class AccessScope {
  private readonly filters = new Map<string, AccessFilter>();

  constructor(private readonly build: ((subject: string) => unknown) | undefined) {}

  /** Whether this read merges access filters at all. */
  get active(): boolean {
    return this.build !== undefined;
  }

  /** The filter of `subject`'s rows for this read. */
  filter(subject: string | undefined): AccessFilter {
    if (subject === undefined || this.build === undefined) return EVERY_ROW;
    let filter = this.filters.get(subject);
    if (filter === undefined) {
      filter = accessFilterOf(subject, this.build(subject));
      this.filters.set(subject, filter);
    }
    return filter;
  }
}

/** The scope of a read with no access filters. */
export const UNSCOPED = new AccessScope(undefined);

/**
 * The access scope of one read, by the caller rule: a read of a model with an access
 * configuration names its caller (an ability) or says it is the server's own (`trusted`), never
 * both, so a forgotten ability cannot widen a read to every row
 * (docs/spec-conformance.md#46-access-filter-merge). An ability without an access configuration is
 * refused too: it would filter nothing.
 * @throws {FacetConfigurationError}
 */
export function readScope<TAbility>(
  operation: string,
  access:
    | {
        readonly subject: string;
        readonly accessibleWhere: (ability: TAbility, subject: string, action: AccessAction) => unknown;
      }
    | undefined,
  ability: TAbility | undefined,
  trusted: boolean,
): AccessScope {
  if (trusted && ability !== undefined) {
    throw new FacetConfigurationError(
      `QueryService.${operation}: a read is either trusted or made with an ability, not both.`,
    );
  }
  if (!trusted && ability === undefined && access !== undefined) {
    throw new FacetConfigurationError(
      `QueryService.${operation} of subject ${access.subject} received no ability: pass the ` +
        "caller's ability, or { trusted: true } as the options for a read of the server's own.",
    );
  }
  if (ability === undefined) return UNSCOPED;
  if (access === undefined) {
    throw new FacetConfigurationError(
      `QueryService.${operation} received an ability, but the service has no \`accessibleWhere\`/\`subject\`; ` +
        'configure them, or do not pass an ability.',
    );
  }
  return new AccessScope((subject) => access.accessibleWhere(ability, subject, 'read'));
}
