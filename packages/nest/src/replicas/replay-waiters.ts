/** What `ReplayWaiters` needs of the router. */
export interface ReplayWaitHost<TReplica> {
  readonly pollInterval: number;
  readonly consistencyWait: number;
  /** Asks each healthy replica whose known replay position is behind `needed` for its position. */
  probe(needed: bigint): Promise<void>;
  /** A replica (round robin) that has replayed `minLsn`; `null` when no replica is healthy. */
  ready(minLsn: bigint): TReplica | undefined | null;
}

interface Waiter<TReplica> {
  readonly minLsn: bigint;
  readonly settle: (replica: TReplica | undefined) => void;
}

/**
 * Reads waiting for a replica to replay their consistency token. They share one poll loop: every
 * `pollInterval`, one replay probe of each replica that is behind what some read waits for, whose
 * answer every waiting read takes. Polling per read would multiply the probes by the reads waiting,
 * exactly when the replicas are behind.
 */
export class ReplayWaiters<TReplica> {
  private readonly waiters = new Set<Waiter<TReplica>>();
  private polling = false;

  constructor(private readonly host: ReplayWaitHost<TReplica>) {}

  /** A replica that has replayed `minLsn`, or `undefined` after `consistencyWait`. */
  wait(minLsn: bigint): Promise<TReplica | undefined> {
    return new Promise((resolve) => {
      const waiter: Waiter<TReplica> = {
        minLsn,
        settle: (replica) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(replica);
        },
      };
      const timer = setTimeout(() => waiter.settle(undefined), this.host.consistencyWait);
      this.waiters.add(waiter);
      if (!this.polling) void this.poll();
    });
  }

  /** Hands each waiting read a replica that has replayed its position, if one has now. */
  settle(): void {
    for (const waiter of this.waiters) {
      const replica = this.host.ready(waiter.minLsn);
      if (replica === null) waiter.settle(undefined);
      else if (replica !== undefined) waiter.settle(replica);
    }
  }

  /** Sends every waiting read to the primary. */
  close(): void {
    for (const waiter of this.waiters) waiter.settle(undefined);
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.host.pollInterval));
        let needed = 0n;
        for (const waiter of this.waiters) if (waiter.minLsn > needed) needed = waiter.minLsn;
        if (needed > 0n) await this.host.probe(needed);
        this.settle();
      }
    } finally {
      this.polling = false;
    }
  }
}
