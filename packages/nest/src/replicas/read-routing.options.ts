/** What the router needs of a Prisma client: one raw statement (health checks, WAL positions). */
export interface RawQueryClient {
  $queryRawUnsafe(query: string): Promise<unknown>;
}

/** Why a replica takes reads or not, as reported to `onReplicaStateChange`. */
export type ReplicaState = 'healthy' | 'lagging' | 'unreachable';

export interface ReadRoutingOptions {
  /**
   * How long a read carrying a consistency token waits for a replica that has replayed the token's
   * WAL position before it reads the primary instead.
   * @default 200 (ms)
   */
  readonly consistencyWait?: number;
  /**
   * How often the replicas are asked for their replay position while reads wait for them. One
   * probe per replica and interval, however many reads wait.
   * @default 10 (ms)
   */
  readonly pollInterval?: number;
  /**
   * A replica whose replay is this far behind the primary (in time) takes no reads until it has
   * caught up again.
   * @default 5000 (ms)
   */
  readonly maxLag?: number;
  /** How often each replica's reachability and replay position are checked. @default 1000 (ms) */
  readonly healthCheckInterval?: number;
  /** Called when a replica changes state (index into `replicas`); for logs and metrics. */
  readonly onReplicaStateChange?: (replica: number, state: ReplicaState, error?: unknown) => void;
  /**
   * Called when a read that brought a consistency token had to wait for a replica: `'replica'`
   * when one caught up within `consistencyWait`, `'primary'` when the read went to the primary
   * instead; `waited` in ms. For metrics: many `'primary'` outcomes mean replication lags behind
   * the writes.
   */
  readonly onConsistencyWait?: (outcome: 'replica' | 'primary', waited: number) => void;
}

export const DEFAULT_READ_ROUTING = {
  consistencyWait: 200,
  pollInterval: 10,
  maxLag: 5000,
  healthCheckInterval: 1000,
} as const;
