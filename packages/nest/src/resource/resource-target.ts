import type { DelegateRecord, QueryDelegate } from '../model/delegate.types.js';
import {
  type ResolvedQueryServiceOptions,
  resolveQueryServiceOptions,
} from '../query/query-service.options.js';
import { assertQueryDelegate, readModelOf } from '../query/read-model-of.js';
import { searchableFields } from '../read/check/check-search.js';
import { countEstimator } from '../read/execute/estimate-count.js';
import type { ExportLimits } from '../read/read-export.js';
import type { ResourceTarget } from '../read/read-resource.js';
import type { AccessibleWhere } from '../read/scope/access.types.js';
import { readScope } from '../read/scope/access-scope.js';
import { getAccessSubject } from '../read/scope/access-subject.js';
import { DEFAULT_ESTIMATED_COUNT_THRESHOLD, type ResourceDefinition } from './define-resource.js';
import { exportLimits, resolveExportOptions } from './export-options.js';
import { type ResourceEnvironment, resourceAccess } from './resource-context.js';
import { withReadEngine } from './resource-engine.js';

/**
 * What a `Resource`'s reads need, resolved once from its definition and the module's environment:
 * the model (delegate, key, paging, errors), how rows are shown, the access scope of each read, and
 * the access rule its writes use too, and the limits of its exports. Every configuration error is thrown here, at start-up.
 */
export function resolveResourceTarget<TDelegate extends QueryDelegate, TDto extends object, TAbility>(
  definition: ResourceDefinition<never, TDelegate, TDto, TAbility>,
  environment: ResourceEnvironment<TAbility>,
): {
  readonly target: ResourceTarget<DelegateRecord<TDelegate>, TDto, TAbility>;
  readonly subject: string | undefined;
  readonly accessibleWhere: AccessibleWhere<TAbility, object> | undefined;
  readonly exports: ExportLimits;
} {
  const delegate = (definition.delegate as (client: unknown) => TDelegate)(environment.client);
  if (delegate === null || typeof delegate !== 'object') {
    throw new TypeError(`Resource ${definition.name}: \`delegate\` returned no model delegate.`);
  }
  assertQueryDelegate(delegate);
  const subject = getAccessSubject(definition.dto);
  const accessibleWhere = definition.accessibleWhere ?? environment.accessibleWhere;
  const access = resourceAccess(definition.name, definition.dto, subject, accessibleWhere);
  const cursorSecret = definition.service?.cursorSecret ?? environment.cursorSecret;
  const options = resolveQueryServiceOptions<TAbility, object>(
    {
      ...definition.service,
      ...(access ?? {}),
      // A cursor is bound to the resource it was made for (two resources may read one model).
      cursorScope: definition.service?.cursorScope ?? `resource:${definition.name}`,
      ...(cursorSecret === undefined ? {} : { cursorSecret }),
      dto: definition.dto,
    },
    delegate,
  );
  const client = environment.client as Record<string, QueryDelegate | undefined>;
  const prismaModel = readModelOf(
    delegate,
    options as ResolvedQueryServiceOptions<never, unknown>,
    (name) => {
      return client[name.charAt(0).toLowerCase() + name.slice(1)];
    },
  );
  const model = withReadEngine(definition.name, prismaModel, definition.engine, environment);
  const map = definition.map ?? ((row: DelegateRecord<TDelegate>) => row as unknown as TDto);
  const { baseInclude, budget } = definition;
  // A field marked searchable that `contains` cannot search fails here, not at the first search.
  searchableFields(definition.dto, options.model.types);
  const threshold = definition.estimatedCountThreshold ?? DEFAULT_ESTIMATED_COUNT_THRESHOLD;
  const target: ResourceTarget<DelegateRecord<TDelegate>, TDto, TAbility> = {
    model,
    view: { dto: definition.dto, map, pushDown: true, baseInclude, budget },
    scope: (operation, read) => readScope(operation, access, read.ability, read.trusted === true),
    estimate: countEstimator(environment.client, model.model.provider, threshold),
  };
  const delegateOf = definition.delegate as unknown as (client: unknown) => QueryDelegate;
  const exportOptions = resolveExportOptions(definition.name, definition.export);
  // The export reads on the resource's engine; in a snapshot it needs the engine itself.
  const sql = model === prismaModel ? undefined : environment.sql;
  const exports = exportLimits(definition.name, exportOptions, environment.client, delegateOf, model, sql);
  return { target, subject, accessibleWhere, exports };
}
