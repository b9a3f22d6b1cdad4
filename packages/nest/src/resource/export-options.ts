import type { QueryDelegate } from '../model/delegate.types.js';
import { readAdapterName } from '../model/prisma-internals.js';
import {
  type ExportSession,
  openExportSnapshot,
  sessionWithoutSnapshot,
} from '../read/execute/export-snapshot.js';
import { type SqlReadEngine, withSqlReads } from '../read/execute/sql-reads.js';
import type { ExportLimits, ExportSummary } from '../read/read-export.js';
import type { ReadModel } from '../read/read-model.js';

/** How a resource's exports (`Resource#export`, `GET /<resource>/export`) are read. Facet defaults, not from the spec. */
export interface ResourceExportOptions {
  /**
   * The most rows one export may stream. The matching rows are counted first (the count stops
   * at `maxRows + 1`), and more is a 400 `too_many` before the first byte, asking for a narrower filter.
   * @default 1_000_000
   */
  readonly maxRows?: number;
  /**
   * Rows per database batch. An export holds at most two batches at once (the one being written
   * and the next one being read), whatever its row count.
   * @default 1000
   */
  readonly batchSize?: number;
  /**
   * Read every batch in one snapshot: a `REPEATABLE READ`, `READ ONLY` interactive transaction,
   * so the count and the rows agree and a write during the export shows in none of it. `'auto'`
   * takes one on PostgreSQL (and CockroachDB) over a driver adapter with its own connections, and
   * none on PGlite, whose single connection a transaction would hold for the whole export (every
   * other request would wait) and which does not apply the isolation level there anyway. Without a
   * snapshot the keyset walk still never repeats or skips a row that did not change; a row written
   * meanwhile may or may not be in the export.
   * @default 'auto'
   */
  readonly snapshot?: 'auto' | boolean;
  /**
   * How long the snapshot's transaction may stay open (Prisma's interactive-transaction
   * `timeout`), in milliseconds. A slow client holds it open; past it the transaction is rolled
   * back and the export ends early (the body is cut off). On PostgreSQL a long transaction holds
   * back VACUUM on the primary, so keep it bounded.
   * @default 900_000 (15 minutes)
   */
  readonly snapshotTimeout?: number;
  /** Called once per export when it ends (audit logs, metrics). It must not throw. */
  readonly onEnd?: (summary: ExportSummary) => void;
}

/** `ResourceExportOptions` with every default filled in. */
export interface ResolvedResourceExportOptions {
  readonly maxRows: number;
  readonly batchSize: number;
  readonly snapshot: 'auto' | boolean;
  readonly snapshotTimeout: number;
  readonly onEnd: ((summary: ExportSummary) => void) | undefined;
}

export const DEFAULT_EXPORT_OPTIONS = {
  maxRows: 1_000_000,
  batchSize: 1000,
  snapshot: 'auto',
  snapshotTimeout: 900_000,
} as const satisfies Omit<ResolvedResourceExportOptions, 'onEnd'>;

const positiveInteger = (value: unknown) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** The options with their defaults; a `RangeError`/`TypeError` naming an option that is wrong. */
export function resolveExportOptions(
  resource: string,
  options: ResourceExportOptions = {},
): ResolvedResourceExportOptions {
  const resolved = { ...DEFAULT_EXPORT_OPTIONS, onEnd: undefined, ...options };
  for (const key of ['maxRows', 'batchSize', 'snapshotTimeout'] as const) {
    if (!positiveInteger(resolved[key]))
      throw new RangeError(`Resource ${resource}: \`export.${key}\` must be a positive integer.`);
  }
  if (resolved.snapshot !== 'auto' && typeof resolved.snapshot !== 'boolean')
    throw new TypeError(`Resource ${resource}: \`export.snapshot\` must be 'auto', true or false.`);
  if (resolved.onEnd !== undefined && typeof resolved.onEnd !== 'function')
    throw new TypeError(`Resource ${resource}: \`export.onEnd\` must be a function.`);
  return resolved;
}

/** Whether `'auto'` takes a snapshot for this client: PostgreSQL over an adapter with its own connections. */
function snapshotFits(model: ReadModel, client: unknown): boolean {
  const provider = model.model.provider;
  if (provider !== 'postgresql' && provider !== 'cockroachdb') return false;
  const adapter = readAdapterName(model.delegate);
  return adapter !== undefined && adapter !== PGLITE_ADAPTER && hasTransactions(client);
}

const PGLITE_ADAPTER = 'pglite-prisma-adapter';

const hasTransactions = (client: unknown) =>
  typeof client === 'object' &&
  client !== null &&
  typeof (client as { $transaction?: unknown }).$transaction === 'function';

/**
 * The limits of one resource's exports and where their batches read: in a snapshot, the model's
 * delegates are the transaction client's (`delegateOf` picks the resource's, as the definition's
 * `delegate` does), so every read of the export, the to-one checks included, sees the snapshot.
 *
 * `model` is the resource's, on its engine: with `engine: 'sql'` the count and the batches are
 * compiled where the compiler covers them, which skips Prisma's building of every row (an export
 * reads every row). Without a snapshot they run on the engine's pool; in one, on a connection of
 * the engine's own that imports the Prisma transaction's snapshot (`pg_export_snapshot()`), so the
 * compiled reads and what stays on Prisma see the same rows. An export then holds two connections.
 */
export function exportLimits(
  resource: string,
  options: ResolvedResourceExportOptions,
  client: unknown,
  delegateOf: (client: unknown) => QueryDelegate,
  model: ReadModel,
  sql: SqlReadEngine | undefined,
): ExportLimits {
  const snapshot = options.snapshot === 'auto' ? snapshotFits(model, client) : options.snapshot;
  if (snapshot && !hasTransactions(client))
    throw new TypeError(`Resource ${resource}: \`export.snapshot\` needs a Prisma client with $transaction.`);
  // PGlite has one connection (Prisma's transaction holds it) and CockroachDB exports no snapshot.
  const adapter = readAdapterName(model.delegate);
  const compiledInSnapshot =
    sql?.inSnapshot !== undefined &&
    model.model.provider === 'postgresql' &&
    adapter !== undefined &&
    adapter !== PGLITE_ADAPTER;
  return {
    resource,
    maxRows: options.maxRows,
    batchSize: options.batchSize,
    onEnd: options.onEnd,
    async open() {
      if (!snapshot) return { session: sessionWithoutSnapshot(client), model };
      // maxWait: Prisma's default wait for a connection of the pool.
      const session = await openExportSnapshot(client, options.snapshotTimeout, 2000);
      const tx = session.client as Record<string, QueryDelegate | undefined>;
      const inSnapshot: ReadModel = {
        ...model,
        delegate: delegateOf(tx),
        delegateFor: (name) => tx[name.charAt(0).toLowerCase() + name.slice(1)],
      };
      if (!compiledInSnapshot) return { session, model: inSnapshot };
      try {
        return await compiledIn(session, inSnapshot, sql as Required<SqlReadEngine>);
      } catch (error) {
        await session.close();
        throw error;
      }
    },
  };
}

/** The snapshot's model with its reads compiled on a session of the engine's in the same snapshot. */
async function compiledIn(
  session: ExportSession,
  model: ReadModel,
  sql: Required<SqlReadEngine>,
): Promise<{ readonly session: ExportSession; readonly model: ReadModel }> {
  const tx = session.client as { $queryRawUnsafe(sql: string): Promise<{ id: string }[]> };
  const [exported] = await tx.$queryRawUnsafe('SELECT pg_export_snapshot() AS id');
  const compiled = await sql.inSnapshot(String(exported?.id));
  const reads = compiled.forModel(model.delegate);
  const both: ExportSession = {
    client: session.client,
    async close() {
      // The importing transaction first: the exported snapshot lives as long as its exporter.
      await compiled.close();
      await session.close();
    },
  };
  if (reads === undefined) {
    await compiled.close();
    return { session, model };
  }
  return { session: both, model: { ...model, delegate: withSqlReads(model.delegate, reads) } };
}
