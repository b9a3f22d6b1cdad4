/** A running primary + streaming replica pair, from `startReplicaCluster()`. */
export interface ReplicaCluster {
  readonly primaryUrl: string;
  readonly replicaUrl: string;
  readonly primaryPort: number;
  readonly replicaPort: number;
  /** Stops the replica's server (fast shutdown): its clients get connection errors. */
  stopReplica(): void;
  /** Starts the replica again; it catches up from the primary by itself. */
  startReplica(): void;
  /** Stops both servers and removes their directories. */
  close(): void;
}

export type ClusterAvailability =
  | { readonly available: true }
  | { readonly available: false; readonly reason: string };

export interface ReplicaClusterOptions {
  /**
   * `max_connections` of both servers (a replica needs at least its primary's).
   * @default 60
   */
  readonly maxConnections?: number;
}

/** Whether a cluster can be started here (server binaries, a user to run them); throws in CI when not. */
export function checkReplicaCluster(): ClusterAvailability;

/** Starts a primary and a streaming replica of it (`pg_basebackup -R`) on two free local ports. */
export function startReplicaCluster(options?: ReplicaClusterOptions): Promise<ReplicaCluster>;
