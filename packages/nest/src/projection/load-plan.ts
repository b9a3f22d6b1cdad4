import type { FieldSchema } from './field-schema.types.js';
import { type IncludeTree, mergeIncludeTrees, mergeRelationArgs } from './merge-relation-args.js';
import type { ResolvedSelection } from './resolve-selection.js';

/** The includes a selection needs: every selected relation, nested as deep as it is selected. */
export function includesFor(selection: ResolvedSelection): IncludeTree {
  const out: Record<string, unknown> = {};
  for (const { field, child } of selection.entries) {
    if (field.kind !== 'relation') continue;
    const nested = child ? includesFor(child) : {};
    const value = Object.keys(nested).length > 0 ? { include: nested } : true;
    out[field.relation] = Object.hasOwn(out, field.relation)
      ? mergeRelationArgs(out[field.relation], value, ['include', field.relation])
      : value;
  }
  return out;
}

/** Model columns a schema always reads when a `select` is pushed down: its `id` field's sources. */
export function identitySources(schema: FieldSchema): readonly string[] {
  const id = schema.fields.get('id');
  return id?.kind === 'scalar' ? id.sources : [];
}

/**
 * Turns a selection into a Prisma `select` that reads only the columns the requested fields come
 * from (plus `alwaysSelect`). A relation that the endpoint or the client includes explicitly is
 * loaded as they asked, whole, because whoever asked for it may need more than the projection shows
 * (a mapper reading `author.name`, say); relations only the projection asks for are narrowed too.
 */
export function selectFor(
  selection: ResolvedSelection,
  explicitIncludes: IncludeTree,
  alwaysSelect: readonly string[],
): Record<string, unknown> {
  const select: Record<string, unknown> = {};
  for (const column of alwaysSelect) select[column] = true;
  for (const { field, child } of selection.entries) {
    if (field.kind === 'scalar') {
      for (const column of field.sources) select[column] = true;
      continue;
    }
    const explicit = explicitIncludes[field.relation];
    let value: unknown;
    if (explicit !== undefined && explicit !== false) {
      const needed = child ? includesFor(child) : {};
      value = mergeRelationArgs(explicit, Object.keys(needed).length > 0 ? { include: needed } : true, [
        'include',
        field.relation,
      ]);
    } else if (child) {
      const nested = selectFor(child, {}, identitySources(child.schema));
      value = Object.keys(nested).length > 0 ? { select: nested } : true;
    } else {
      value = true;
    }
    select[field.relation] = Object.hasOwn(select, field.relation)
      ? mergeRelationArgs(select[field.relation], value, ['select', field.relation])
      : value;
  }
  const rest: Record<string, unknown> = {};
  for (const key of Object.keys(explicitIncludes)) {
    if (!Object.hasOwn(select, key)) rest[key] = explicitIncludes[key];
  }
  return { ...select, ...mergeIncludeTrees(undefined, rest, ['include']) };
}
