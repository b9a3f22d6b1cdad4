import { isPlainObject } from '@facet/core';
import type { ModelTypes } from '../../model/model-types.js';
import type { DtoClass } from '../../projection/field-schema.types.js';
import type { PlainRecord } from '../check/read-call.js';
import type { AccessScope } from './access-scope.js';
import { getAccessSubject } from './access-subject.js';
import { relationNamed } from './relation-named.js';

/**
 * Adds the related model's key to the `select` of every to-one relation whose subject has an
 * access filter, so the loaded row can be checked after the read (the projection drops it again
 * unless it was asked for). Returns a copy; relations without a filter are left as they are.
 */
export function selectToOneIds<TArgs extends object>(
  args: TArgs,
  dto: DtoClass,
  model: ModelTypes | undefined,
  scope: AccessScope,
): TArgs {
  return withIds(args as PlainRecord, dto, model, scope) as TArgs;
}

function withIds(
  args: PlainRecord,
  dto: DtoClass,
  model: ModelTypes | undefined,
  scope: AccessScope,
): PlainRecord {
  let out: PlainRecord | undefined;
  for (const key of ['include', 'select'] as const) {
    const tree = args[key];
    if (!isPlainObject(tree)) continue;
    const next: PlainRecord = { ...tree };
    for (const [name, value] of Object.entries(tree)) {
      const relation = relationNamed(dto, name);
      if (!relation || !isPlainObject(value)) continue;
      const target = model?.relation(name);
      let nested = withIds(value, relation.target, target, scope);
      const filtered = scope.filter(getAccessSubject(relation.target)).rows !== 'all';
      const key = target?.idFields() ?? [];
      const select = nested.select;
      if (!relation.isArray && filtered && isPlainObject(select) && key.some((id) => select[id] !== true)) {
        nested = { ...nested, select: { ...select, ...Object.fromEntries(key.map((id) => [id, true])) } };
      }
      next[name] = nested;
    }
    out ??= { ...args };
    out[key] = next;
  }
  return out ?? args;
}
