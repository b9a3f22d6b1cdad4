import type { SampleOptions } from './sample.js';

/** How long each kind of measurement runs; `--quick` shrinks everything for a smoke run. */
export interface BenchProfile {
  /** In-process CPU-bound work (codec, projection). */
  readonly micro: SampleOptions;
  /** In-process database reads (service). */
  readonly service: SampleOptions;
  /** HTTP: autocannon rounds per server, seconds per round, connections. */
  readonly http: {
    readonly rounds: number;
    readonly seconds: number;
    readonly connections: number;
    readonly warmupSeconds: number;
    /**
     * Unmeasured load on a server right before each of its measured rounds. Between two rounds of
     * one server every other contender runs (a minute or more), long enough for its pg pool to close
     * idle connections (10 s) and for V8 to shrink an idle heap; without this, the round after the
     * pause measures the way back to a warm server, and that cost falls on whichever contender
     * comes first for its server in the rotation (the anonymous rows).
     */
    readonly roundWarmupSeconds: number;
  };
  /**
   * The CPU profile scenario: profiled runs per engine (alternating), seconds of measured load per
   * run (the profile counts only these), after a warm-up of its own.
   */
  readonly cpuProfile: { readonly runs: number; readonly seconds: number; readonly warmupSeconds: number };
}

export const FULL_PROFILE: BenchProfile = {
  micro: { rounds: 15, batchMs: 60 },
  service: { rounds: 9, batchMs: 450 },
  http: { rounds: 9, seconds: 4, connections: 10, warmupSeconds: 3, roundWarmupSeconds: 1 },
  cpuProfile: { runs: 3, seconds: 10, warmupSeconds: 3 },
};

export const QUICK_PROFILE: BenchProfile = {
  micro: { rounds: 3, batchMs: 20 },
  service: { rounds: 3, batchMs: 100 },
  http: { rounds: 1, seconds: 2, connections: 10, warmupSeconds: 1, roundWarmupSeconds: 0 },
  cpuProfile: { runs: 1, seconds: 3, warmupSeconds: 1 },
};
