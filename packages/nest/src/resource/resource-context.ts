import { isPlainObject } from '@facet/core';
import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import type { DtoClass, FieldContext } from '../projection/field-schema.types.js';
import type { ReadEngineName, SqlReadEngine, SqlReadRouting } from '../read/execute/sql-reads.js';
import type { AccessibleWhere } from '../read/scope/access.types.js';

/** Who reads: the ability access filters are built from, and the context `expose` rules see. */
export interface ReadContext<TAbility = unknown> {
  /**
   * The caller's ability. A resource with an access rule refuses a read without one (a
   * `FacetConfigurationError`) unless it is marked `trusted`: forgetting to pass the caller must not
   * widen a read to every row.
   */
  readonly ability?: TAbility;
  /** What the DTO's `expose` rules receive (`{ role: 'reader' }`). @default {} */
  readonly context?: FieldContext;
  /**
   * A read of the server's own, on behalf of no caller (a job, a seed, a report): no access filter
   * is merged. Field rules and budgets still apply, with `context`. Not allowed with an `ability`.
   * @default false
   */
  readonly trusted?: boolean;
}

/** What a `Resource` needs from the module. */
export interface ResourceEnvironment<TAbility> {
  /** The application's Prisma client. */
  readonly client: unknown;
  /** The access filter of a subject for an ability (CASL: `createCaslAccessibleWhere()`). */
  readonly accessibleWhere?: AccessibleWhere<TAbility, object> | undefined;
  /** The secret keyset cursors are sealed with; see `QueryServiceOptions.cursorSecret`. */
  readonly cursorSecret?: string | Uint8Array | undefined;
  /** The engine of resources that name none (`'sql'` needs `sql`). @default 'prisma' */
  readonly engine?: ReadEngineName | undefined;
  /** The compiled read engine (`sqlReads` from `@facet/nest/sql`), for resources on `engine: 'sql'`. */
  readonly sql?: SqlReadEngine | undefined;
  /**
   * The read router `client`'s reads are routed by (`routeReads(prisma, router)`): `sql`'s compiled
   * reads then follow it too, on the pool of the server it picks. `FacetModule` sets both when
   * `replicas` are configured. @default none (compiled reads run on the `sql` engine's `pool`)
   */
  readonly readRouting?: SqlReadRouting | undefined;
}

/**
 * The caller rule of every read and write of a resource: one that has an access rule names its
 * caller (an ability) or says it is the server's own (`trusted`), never both, so a forgotten
 * ability cannot widen a call to every row.
 * @throws {FacetConfigurationError}
 */
export function assertCaller(resource: string, read: ReadContext<unknown>, accessControlled: boolean): void {
  if (read.trusted === true) {
    if (read.ability !== undefined) {
      throw new FacetConfigurationError(
        `Resource ${resource}: a read is either trusted or made with an ability, not both.`,
      );
    }
    return;
  }
  if (read.ability === undefined && accessControlled) {
    throw new FacetConfigurationError(
      `Resource ${resource} has an access rule: pass the caller's ability ({ ability }), or { trusted: true } ` +
        "for a read of the server's own. Check the module's readContext.",
    );
  }
}

/**
 * The access rule of a resource: its subject and filter builder, or none. Half an access
 * configuration would serve every row to every caller: it is refused at start-up.
 * @throws {FacetConfigurationError}
 */
export function resourceAccess<TAbility>(
  name: string,
  dto: DtoClass,
  subject: string | undefined,
  accessibleWhere: AccessibleWhere<TAbility, object> | undefined,
): { readonly subject: string; readonly accessibleWhere: AccessibleWhere<TAbility, object> } | undefined {
  if (accessibleWhere !== undefined && subject === undefined) {
    throw new FacetConfigurationError(
      `Resource ${name}: an access rule is configured, but ${dto.name} has no @AccessSubject, ` +
        'so no read of it would be filtered. Add @AccessSubject(...) to the DTO (an access rule may allow every row).',
    );
  }
  if (accessibleWhere === undefined && subject !== undefined) {
    throw new FacetConfigurationError(
      `Resource ${name}: ${dto.name} names the access subject ${subject}, but no ` +
        "accessibleWhere is configured (FacetModule.forRoot({ accessibleWhere }) or the resource's own), so no " +
        'read of it would be filtered.',
    );
  }
  return subject !== undefined && accessibleWhere !== undefined ? { subject, accessibleWhere } : undefined;
}

/**
 * Options of a `Resource` read beyond the client's query. `TWhere` is the model's where-input
 * (`Prisma.ArticleWhereInput`) on `Resource#query`, so a misspelt column is a compile error there.
 */
export interface ResourceNarrowing<TWhere = object> {
  /**
   * A where-input of the server's own, ANDed with the client's `where` and the access filter. It is
   * not checked against the DTO (it may use fields the caller cannot see), so never build it from
   * client input: that belongs in the query, which is checked.
   */
  readonly where?: TWhere;
}

export function ownWhere(options: ResourceNarrowing<unknown>): object | undefined {
  const { where } = options;
  if (where === undefined) return undefined;
  if (!isPlainObject(where))
    throw new TypeError("A resource read's `where` option must be a plain where-input object.");
  return where;
}
