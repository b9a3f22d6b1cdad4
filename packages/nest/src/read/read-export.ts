import { FacetQueryError } from '@facet/core';
import { asHttpError } from '../projection/prepare-fields-query.js';
import { checkExportFormat, type ExportFormat, exportColumns } from './check/check-export.js';
import { checkDetailFields } from './check/check-fields.js';
import { checkResourceQuery } from './check/check-resource-query.js';
import { checkSearch, withSearch } from './check/check-search.js';
import { prismaArgs, refuseUnknownKeys } from './check/operation-keys.js';
import { prepareClientArgs } from './check/prepare-client-args.js';
import type { ExportSession } from './execute/export-snapshot.js';
import { runRead } from './execute/run-read.js';
import { totalOrder } from './plan/keyset.js';
import { type ExportPosition, exportPositionAfter, planExportBatch } from './plan/plan-export.js';
import { stripAdded } from './plan/plan-page.js';
import { planProjection } from './plan/plan-projection.js';
import { presentItems } from './present/present-items.js';
import type { DelegateArgs, ReadCall, ReadModel } from './read-model.js';
import { type ResourceTarget, searchTarget } from './read-resource.js';
import { scopedArgs } from './scoped-args.js';
import { rowsOf, withToOneCheck } from './to-one-check.js';

/** What an export's client sends: a filter, a search, a sort, a projection and a format, nothing else. */
export interface ExportQuery {
  readonly where?: unknown;
  readonly q?: unknown;
  readonly orderBy?: unknown;
  readonly fields?: unknown;
  readonly format?: unknown;
  readonly [key: string]: unknown;
}

/** How one export ended, for `ExportLimits.onEnd`. */
export interface ExportSummary {
  readonly resource: string;
  readonly format: ExportFormat;
  /** Rows handed to the consumer. */
  readonly rows: number;
  /** `findMany` calls made (each reads at most `batchSize` rows). */
  readonly batches: number;
  /** `complete`: every row was read; `aborted`: the consumer stopped (a client went away); `failed`: a batch threw. */
  readonly outcome: 'complete' | 'aborted' | 'failed';
}

/** An export's limits and where its batches read, resolved by the `Resource`. */
export interface ExportLimits {
  readonly resource: string;
  readonly maxRows: number;
  readonly batchSize: number;
  /** Opens the session of one export (a snapshot, or none) and the model its batches read through. */
  readonly open: () => Promise<{ readonly session: ExportSession; readonly model: ReadModel }>;
  readonly onEnd?: ((summary: ExportSummary) => void) | undefined;
}

/** A checked export, counted, whose rows have not been read yet. */
export interface ExportWalk<TDto> {
  readonly format: ExportFormat;
  /** The CSV columns (dotted field paths); `undefined` for NDJSON. */
  readonly columns: readonly string[] | undefined;
  /** The rows the export will read, counted in its snapshot before the first (at most `maxRows`). */
  readonly rowCount: number;
  /** The items, batch by batch; the walk ends (and its snapshot closes) however iteration stops. */
  readonly batches: AsyncGenerator<Partial<TDto>[], void, undefined>;
  /** Ends the walk where it stands and closes its snapshot, also when it never started. */
  close(): Promise<void>;
}

type AnyTarget = ResourceTarget<never, object, never>;

/**
 * An export, from the client's query to a walk over every row the caller may read: the same check
 * (fields, where, orderBy against the DTO as the caller sees it, budgets), scope (access filters,
 * to-one rows hidden) and plan (push-down projection, total order) as a list, then a capped count
 * (a 400 when more than `maxRows` rows match), all before the first row is handed out. The rows are
 * then read in batches of `batchSize` by keyset, one batch ahead of the consumer at most.
 */
export async function readResourceExport<TModel, TDto extends object, TAbility>(
  target: ResourceTarget<TModel, TDto, TAbility>,
  query: ExportQuery,
  read: ReadCall<TAbility>,
  limits: ExportLimits,
): Promise<ExportWalk<TDto>> {
  const { model, view } = target as unknown as AnyTarget;
  const checked = asHttpError(() => {
    refuseUnknownKeys('export', query, 'resource');
    const format = checkExportFormat(query.format);
    const selection = checkDetailFields(query.fields, view);
    const columns =
      format === 'csv'
        ? exportColumns(selection, view.dto, read.context ?? {}, String(query.fields ?? ''))
        : undefined;
    const input = defined({ where: query.where, orderBy: query.orderBy, fields: query.fields });
    checkResourceQuery(input, view, selection, [], read, model.model.types);
    const planned = planProjection(input, view, selection, [], read);
    const args = prepareClientArgs(prismaArgs('export', planned.query), {
      literalSearch: model.literalSearch,
      model: model.model.types,
    });
    // `q` as every read that filters many rows takes it: the server's where, ANDed with the client's.
    const search = checkSearch(query, searchTarget(target as unknown as AnyTarget), read.context ?? {});
    return {
      format,
      columns,
      args: withSearch(args as DelegateArgs, search),
      projection: planned.projection,
    };
  });
  const { maxRows, batchSize } = limits;
  const started = await runRead('export', model.errors, model.subject, async (log) => {
    const scope = target.scope('export', read as ReadCall<never>);
    const opened = await limits.open();
    try {
      const { args, empty } = scopedArgs(opened.model, checked.args, scope);
      const count = { ...(args.where === undefined ? {} : { where: args.where }), take: maxRows + 1 };
      log.args = count;
      const rowCount = empty ? 0 : ((await opened.model.delegate.count(count)) as number);
      if (rowCount > maxRows) {
        throw new FacetQueryError([
          {
            code: 'too_many',
            path: ['where'],
            limit: maxRows,
            message: `More than ${maxRows} rows match: narrow the filter to export them.`,
          },
        ]);
      }
      return { ...opened, scope, args, empty, rowCount };
    } catch (error) {
      await opened.session.close();
      throw error;
    }
  });
  const { session, scope, args, rowCount } = started;
  const batchModel = started.model;
  const keyFields = model.key.map((field) => field.name);
  const order = totalOrder(args.orderBy, keyFields, model.model.types, model.model.provider);
  const anyField = keyFields[0] as string;

  const fetch = (position: ExportPosition | undefined) =>
    runRead('export', model.errors, model.subject, async (log) => {
      const take = Math.min(batchSize, maxRows - (position?.offset ?? 0));
      const plan = planExportBatch(args, order, position, take, anyField);
      const records = await withToOneCheck(
        batchModel,
        view.dto,
        plan.findMany,
        scope,
        rowsOf,
        async (sent) => {
          log.args = sent;
          return (await batchModel.delegate.findMany(sent)) as unknown[];
        },
      );
      return { records, added: plan.added, full: records.length === take };
    });

  let rows = 0;
  let calls = 0;
  let ended = false;
  /** Set by `close()`: no batch is started after it, also while one is still being read. */
  let stopping = false;
  // The first batch is read before the walk is handed out, so that its failure, too, is an
  // answer of its own (the exception filter's) rather than a body cut off after the headers.
  let first: Awaited<ReturnType<typeof fetch>> | undefined;
  if (!started.empty && rowCount > 0) {
    calls += 1;
    try {
      first = await fetch(undefined);
    } catch (error) {
      await session.close();
      throw error;
    }
  }
  const finish = async (outcome: ExportSummary['outcome']): Promise<void> => {
    if (ended) return;
    ended = true;
    await session.close();
    try {
      limits.onEnd?.({ resource: limits.resource, format: checked.format, rows, batches: calls, outcome });
    } catch {
      // A failing hook must not turn a finished export into a failed one.
    }
  };

  async function* batches(): AsyncGenerator<Partial<TDto>[], void, undefined> {
    let outcome: ExportSummary['outcome'] = 'aborted';
    let position: ExportPosition | undefined;
    let pending: ReturnType<typeof fetch> | undefined;
    try {
      if (first !== undefined) pending = Promise.resolve(first);
      while (pending !== undefined) {
        const { records, added, full } = await pending;
        pending = undefined;
        position = exportPositionAfter(records, order, position);
        // The next batch is read while this one is written: one batch ahead, never more.
        if (full && position.offset < maxRows && !stopping) {
          pending = fetch(position);
          calls += 1;
          // A failure is rethrown where it is awaited; unawaited when the consumer stops first.
          pending.catch(() => undefined);
        }
        if (records.length === 0) break;
        const items = presentItems(
          stripAdded(records, added) as TModel[],
          checked.projection,
          target.view,
          {},
          read,
        );
        rows += items.length;
        yield items;
      }
      outcome = 'complete';
    } catch (error) {
      outcome = 'failed';
      throw error;
    } finally {
      // A batch still in flight finishes before its snapshot closes.
      if (pending !== undefined) await pending.catch(() => undefined);
      await finish(outcome);
    }
  }

  const walk = batches();
  return {
    format: checked.format,
    columns: checked.columns,
    rowCount,
    batches: walk,
    async close() {
      stopping = true;
      // A generator never started skips its `finally`: the snapshot is closed here then.
      await walk.return(undefined);
      await finish('aborted');
    },
  };
}

function defined(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}
