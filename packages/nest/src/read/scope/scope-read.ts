import type { ModelTypes } from '../../model/model-types.js';
import type { DtoClass } from '../../projection/field-schema.types.js';
import type { AccessScope } from './access-scope.js';
import { hasTopLevelEmptyOr } from './empty-or.js';
import { mergeAccessWhere } from './merge-access-where.js';
import { scopeRelations } from './scope-relations.js';

/** What scoping a read needs of its model. */
export interface ScopeTarget {
  readonly dto: DtoClass | undefined;
  readonly subject: string | undefined;
  readonly maxIncludeTake: number;
  readonly model: ModelTypes | undefined;
}

type Args = { where?: unknown; [key: string]: unknown };

/**
 * A read's arguments under its access scope: relations scoped (with a `dto`; see
 * `scopeRelationAccess`), and, for a read with access, the model's own filter merged as
 * `{ AND: [access, where] }` (docs/spec-conformance.md#46-access-filter-merge). `empty` is true when
 * the merged where provably matches nothing (an empty top-level `OR`): the read then answers without
 * asking Prisma, which would evaluate that `OR` as true under the merge's `AND`.
 */
export function scopeRead(
  args: Args,
  scope: AccessScope,
  target: ScopeTarget,
): { args: Args; empty: boolean } {
  // The root filter first: its configuration errors come before any relation's.
  const root = scope.active ? scope.filter(target.subject) : undefined;
  const scoped =
    target.dto === undefined
      ? args
      : scopeRelations(args, target.dto, scope, {
          maxIncludeTake: target.maxIncludeTake,
          model: target.model,
        });
  if (root === undefined) return { args: scoped, empty: false };
  return {
    args: { ...scoped, where: mergeAccessWhere<unknown>(root.where, scoped.where) },
    empty: root.rows === 'none' || hasTopLevelEmptyOr(args.where),
  };
}
