import { FacetConfigurationError } from '../errors/facet-configuration.error.js';
import type { AccessibleWhere } from '../read/scope/access.types.js';
import { getAccessSubject } from '../read/scope/access-subject.js';
import type { ResourceDefinition } from './define-resource.js';

/**
 * A resource's access rule: its DTO's subject and the `accessibleWhere` that filters it (the
 * resource's own, else the module's), or `undefined` when its reads merge no access filter. Half a
 * configuration would serve every row to every caller, so it is refused at start-up.
 * @throws {FacetConfigurationError} for a rule without a subject, or a subject without a rule.
 */
export function resourceAccess<TAbility>(
  definition: Pick<ResourceDefinition<never, never, object, TAbility>, 'name' | 'dto' | 'accessibleWhere'>,
  environment: { readonly accessibleWhere?: AccessibleWhere<TAbility, object> | undefined },
): { readonly subject: string; readonly accessibleWhere: AccessibleWhere<TAbility, object> } | undefined {
  const subject = getAccessSubject(definition.dto);
  const accessibleWhere = definition.accessibleWhere ?? environment.accessibleWhere;
  if (accessibleWhere !== undefined && subject === undefined) {
    throw new FacetConfigurationError(
      `Resource ${definition.name}: an access rule is configured, but ${definition.dto.name} has no @AccessSubject, ` +
        'so no read of it would be filtered. Add @AccessSubject(...) to the DTO (an access rule may allow every row).',
    );
  }
  if (accessibleWhere === undefined && subject !== undefined) {
    throw new FacetConfigurationError(
      `Resource ${definition.name}: ${definition.dto.name} names the access subject ${subject}, but no ` +
        "accessibleWhere is configured (FacetModule.forRoot({ accessibleWhere }) or the resource's own), so no " +
        'read of it would be filtered.',
    );
  }
  return subject !== undefined && accessibleWhere !== undefined ? { subject, accessibleWhere } : undefined;
}

/**
 * A read of an access-controlled resource names its caller (an ability), or says it has none
 * (`trusted`), never both: forgetting to pass the caller must not widen a read to every row.
 * @throws {FacetConfigurationError}
 */
export function assertCaller(
  resource: string,
  accessControlled: boolean,
  read: { readonly ability?: unknown; readonly trusted?: boolean },
): void {
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
