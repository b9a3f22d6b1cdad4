import { isPlainObject } from '@facet/core';
import type { FieldProjection } from '../../projection/field-projection.js';
import { getFieldSchema, isFieldVisible } from '../../projection/field-schema.js';
import type { PageProjection } from '../check/envelope.js';
import type { ReadCall, ResourceMapContext, ResourceView } from '../check/read-call.js';

/** Rows as the caller sees them: through the app's mapper, projected by `fields`, with the `_count`s asked for. */
export function presentItems<TModel, TDto extends object, TAbility>(
  models: readonly TModel[],
  projection: FieldProjection,
  view: ResourceView<TModel, TDto, TAbility>,
  query: object,
  read: ReadCall<TAbility>,
): Partial<TDto>[] {
  const context: ResourceMapContext<TAbility> = { ability: read.ability, context: read.context ?? {} };
  const items = projection.project(models.map((model) => view.map(model, context))) as Partial<TDto>[];
  showCounts(query, models, items, view, read);
  return items;
}

/**
 * A top-level `_count` the client asked for (`include._count`, `select._count`) is not a DTO
 * field, so the projection leaves it out: the counts Prisma returned (of readable rows only, see
 * `scopeRelationAccess`) are added to each item, for the to-many relations the caller may see.
 */
function showCounts(
  query: object,
  models: readonly unknown[],
  items: unknown[],
  view: ResourceView<never, object, never> | ResourceView<never, never, never>,
  read: ReadCall<unknown>,
): void {
  const { include, select } = query as { include?: unknown; select?: unknown };
  const asked = (tree: unknown) => isPlainObject(tree) && tree._count !== undefined && tree._count !== false;
  if (!asked(include) && !asked(select)) return;
  const context = read.context ?? {};
  const visible = new Set<string>();
  for (const field of getFieldSchema(view.dto).fields.values()) {
    if (field.kind === 'relation' && field.isArray && isFieldVisible(field, context))
      visible.add(field.relation);
  }
  items.forEach((item, index) => {
    const counts = (models[index] as { _count?: unknown } | null | undefined)?._count;
    if (!isPlainObject(counts) || item === null || typeof item !== 'object') return;
    const shown: Record<string, unknown> = {};
    for (const [relation, count] of Object.entries(counts))
      if (visible.has(relation)) shown[relation] = count;
    (item as Record<string, unknown>)._count = shown;
  });
}

/** The page as the envelope rule says: the whole `{ items, meta }`, or the members `fields` names. */
export function presentEnvelope<TDto>(
  page: PageProjection,
  items: Partial<TDto>[],
  pageMeta: object,
  whole: (items: Partial<TDto>[], pageMeta: never) => object,
): { items?: Partial<TDto>[]; meta?: Record<string, unknown> } {
  if (!page.envelope) return whole(items, pageMeta as never);
  const out: { items?: Partial<TDto>[]; meta?: Record<string, unknown> } = {};
  if (page.items !== undefined) out.items = items;
  if (page.meta !== undefined) {
    const source = pageMeta as Record<string, unknown>;
    out.meta = {};
    for (const name of page.meta) out.meta[name] = source[name];
  }
  return out;
}
