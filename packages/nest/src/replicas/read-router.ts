import { currentConsistency } from './consistency-context.js';
import { FreshProbe, tick } from './fresh-probe.js';
import { parseLsn } from './lsn.js';
import {
  DEFAULT_READ_ROUTING,
  type RawQueryClient,
  type ReadRoutingOptions,
  type ReplicaState,
} from './read-routing.options.js';
import { ReplayWaiters } from './replay-waiters.js';

export {
  DEFAULT_READ_ROUTING,
  type RawQueryClient,
  type ReadRoutingOptions,
  type ReplicaState,
} from './read-routing.options.js';

interface ReplicaEntry {
  readonly client: RawQueryClient;
  state: ReplicaState;
  replayed: bigint;
  /** The replay position probe in flight, shared by every read waiting on this replica. */
  probing: Promise<void> | undefined;
}

const STATEMENT_ERROR_CODE = /^P2/;

/**
 * Picks the client each read goes to: a healthy replica (round robin) when one has replayed what
 * the request must see, else the primary. Writes and transactions never come here; `routeReads`
 * sends them to the primary. One router per process: its state (replica health, replay positions,
 * a short history of primary positions) is small, bounded and refreshed every health check.
 */
export class ReadRouter {
  readonly options: Required<Omit<ReadRoutingOptions, 'onReplicaStateChange' | 'onConsistencyWait'>> &
    Pick<ReadRoutingOptions, 'onReplicaStateChange' | 'onConsistencyWait'>;
  private readonly replicas: ReplicaEntry[];
  // (time, primary WAL position) samples, oldest first: those of the last maxLag plus two intervals,
  // and the newest one before that.
  private readonly primaryHistory: { at: number; lsn: bigint }[] = [];
  // The newest primary WAL position this process has seen (health checks, its own writes' tokens,
  // and the probe below): no read waits for a position past it.
  private primaryKnown = 0n;
  private readonly primaryProbe = new FreshProbe(() => this.primaryPosition());
  private readonly waiters: ReplayWaiters<ReplicaEntry>;
  private next = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private checking: Promise<void> | undefined;
  private closed = false;

  constructor(
    readonly primary: RawQueryClient,
    replicas: readonly RawQueryClient[],
    options: ReadRoutingOptions = {},
  ) {
    this.options = { ...DEFAULT_READ_ROUTING, ...options };
    for (const key of ['consistencyWait', 'pollInterval', 'maxLag', 'healthCheckInterval'] as const) {
      const value = this.options[key];
      if (!Number.isFinite(value) || value < 0 || (key !== 'consistencyWait' && value === 0)) {
        throw new RangeError(`readRouting.${key} must be a positive number of milliseconds, got ${value}`);
      }
    }
    // A replica takes no reads before its first check has shown it reachable and caught up.
    this.replicas = replicas.map((client) => ({
      client,
      state: 'unreachable',
      replayed: 0n,
      probing: undefined,
    }));
    this.waiters = new ReplayWaiters({
      pollInterval: this.options.pollInterval,
      consistencyWait: this.options.consistencyWait,
      probe: async (needed) => {
        await Promise.all(
          this.replicas
            .filter((replica) => replica.state === 'healthy' && replica.replayed < needed)
            .map((replica) => this.refreshReplay(replica)),
        );
      },
      ready: (minLsn) =>
        this.replicas.some((replica) => replica.state === 'healthy') ? this.ready(minLsn) : null,
    });
    if (this.replicas.length > 0) {
      void this.check();
      this.timer = setInterval(() => void this.check(), this.options.healthCheckInterval);
      // Health checks alone must not keep a process alive.
      this.timer.unref?.();
    }
  }

  /** The replicas' clients, in the order given (compiled reads map each to its pool). */
  get replicaClients(): readonly RawQueryClient[] {
    return this.replicas.map((replica) => replica.client);
  }

  /** The replicas' states, in the order given. */
  get states(): readonly ReplicaState[] {
    return this.replicas.map((replica) => replica.state);
  }

  /** Runs one health check of every replica now (the timer runs them every healthCheckInterval). */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  /** Stops the health checks. The clients are the application's: it disconnects them. */
  close(): void {
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.waiters.close();
  }

  /**
   * The primary's current WAL insert position (as PostgreSQL spells it): the position a
   * consistency token of a write just made names.
   */
  async primaryPosition(): Promise<string> {
    const rows = (await this.primary.$queryRawUnsafe('SELECT pg_current_wal_insert_lsn()::text AS lsn')) as {
      lsn: string;
    }[];
    const lsn = rows[0]?.lsn as string;
    this.learnPrimary(parseLsn(lsn));
    return lsn;
  }

  private learnPrimary(lsn: bigint | undefined): void {
    if (lsn !== undefined && lsn > this.primaryKnown) this.primaryKnown = lsn;
  }

  /**
   * A token's position, bounded by the primary's: a position past the newest one this process has
   * seen is checked against the primary once (a check that started after the request brought the
   * token, shared by every read that a running or answered check covers), and what is still past
   * it is cut to it. A genuine token never is (the primary's position only grows); one of another
   * database signed with the same secret (a restored backup, a promoted replica, a staging server)
   * cannot make reads wait for a position no replica will reach.
   */
  private async bound(lsn: bigint, since: number): Promise<bigint> {
    if (lsn <= this.primaryKnown) return lsn;
    // A failed check counts as answered: the primary's faults surface on its own reads.
    await this.primaryProbe.after(since);
    return lsn <= this.primaryKnown ? lsn : this.primaryKnown;
  }

  /**
   * Runs a read on the client this request should read from; a replica that fails with anything
   * but a statement error (its connection, a recovery conflict) is marked unreachable and the read
   * is repeated on the primary, so the caller sees no error a primary read would not have given.
   * `isAnswer` tells a statement's own error (the same on any server) from the replica's; the
   * default reads Prisma's codes, compiled reads pass theirs (SQLSTATEs).
   */
  async read<T>(
    run: (client: RawQueryClient) => Promise<T>,
    isAnswer: (error: unknown) => boolean = isStatementError,
  ): Promise<T> {
    const replica = await this.pick();
    if (replica === undefined) return run(this.primary);
    try {
      return await run(replica.client);
    } catch (error) {
      if (isAnswer(error)) throw error;
      this.setState(replica, 'unreachable', error);
      return run(this.primary);
    }
  }

  private async pick(): Promise<ReplicaEntry | undefined> {
    if (this.replicas.length === 0 || this.closed) return undefined;
    const consistency = currentConsistency();
    const token = consistency?.minLsn;
    if (token === undefined) return this.roundRobin(() => true);
    const found = this.ready(token);
    if (found !== undefined) return found;
    if (!this.replicas.some((replica) => replica.state === 'healthy')) return undefined;
    const minLsn = await this.bound(token, consistency?.since ?? tick());
    const bounded = this.ready(minLsn);
    if (bounded !== undefined) return bounded;
    const started = Date.now();
    const replica = await this.waiters.wait(minLsn);
    this.options.onConsistencyWait?.(replica === undefined ? 'primary' : 'replica', Date.now() - started);
    return replica;
  }

  private ready(minLsn: bigint): ReplicaEntry | undefined {
    return this.roundRobin((replica) => replica.replayed >= minLsn);
  }

  private roundRobin(fits: (replica: ReplicaEntry) => boolean): ReplicaEntry | undefined {
    for (let tried = 0; tried < this.replicas.length; tried++) {
      const replica = this.replicas[(this.next + tried) % this.replicas.length] as ReplicaEntry;
      if (replica.state === 'healthy' && fits(replica)) {
        this.next = (this.next + tried + 1) % this.replicas.length;
        return replica;
      }
    }
    return undefined;
  }

  private refreshReplay(replica: ReplicaEntry): Promise<void> {
    replica.probing ??= replayPosition(replica.client)
      .then(
        (lsn) => {
          replica.replayed = lsn;
        },
        (error: unknown) => this.setState(replica, 'unreachable', error),
      )
      .finally(() => {
        replica.probing = undefined;
      });
    return replica.probing;
  }

  private async runCheck(): Promise<void> {
    const now = Date.now();
    try {
      const lsn = parseLsn(
        (
          (await this.primary.$queryRawUnsafe('SELECT pg_current_wal_lsn()::text AS lsn')) as {
            lsn: string;
          }[]
        )[0]?.lsn,
      );
      if (lsn !== undefined) this.primaryHistory.push({ at: now, lsn });
      this.learnPrimary(lsn);
    } catch {
      // The primary's own faults surface on its reads and writes; lag is judged on older samples.
    }
    // Keep the newest sample older than the horizon too: the history must reach back past maxLag
    // however far apart the checks came (a slow replica, a busy process), or a replica that stopped
    // replaying would look caught up once the samples from before its stall were dropped.
    const horizon = now - this.options.maxLag - 2 * this.options.healthCheckInterval;
    while (this.primaryHistory.length > 1 && (this.primaryHistory[1] as { at: number }).at <= horizon) {
      this.primaryHistory.shift();
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          replica.replayed = await replayPosition(replica.client);
        } catch (error) {
          this.setState(replica, 'unreachable', error);
          return;
        }
        this.setState(replica, this.lag(replica.replayed, now) > this.options.maxLag ? 'lagging' : 'healthy');
      }),
    );
    this.waiters.settle();
  }

  // How long ago the primary was at a position the replica has not replayed yet (0: caught up).
  private lag(replayed: bigint, now: number): number {
    const behind = this.primaryHistory.find((sample) => sample.lsn > replayed);
    return behind === undefined ? 0 : now - behind.at;
  }

  private setState(replica: ReplicaEntry, state: ReplicaState, error?: unknown): void {
    if (replica.state === state) return;
    replica.state = state;
    this.options.onReplicaStateChange?.(this.replicas.indexOf(replica), state, error);
  }
}

async function replayPosition(client: RawQueryClient): Promise<bigint> {
  const rows = (await client.$queryRawUnsafe(
    'SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn',
  )) as { standby: boolean; lsn: string | null }[];
  const row = rows[0];
  // A promoted replica (or a primary given as one) has no replay position: it is no longer a
  // follower of this primary, so it takes no reads.
  const lsn = row?.standby === true ? parseLsn(row.lsn) : undefined;
  if (lsn === undefined) throw new Error('not a streaming replica (pg_is_in_recovery() is false)');
  return lsn;
}

// Prisma's request errors (P2xxx: not found, constraint, bad value) are answers, the same on any
// server; everything else (connection refused, pool timeout, recovery conflict) is the replica's.
function isStatementError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && STATEMENT_ERROR_CODE.test(code);
}
