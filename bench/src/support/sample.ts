import type { Measurement } from '../report/results.js';
import { median, relativeSpread } from './stats.js';

/** One contender of a comparison: `run` is one operation (awaited when it returns a promise). */
export interface Variant {
  readonly name: string;
  readonly run: () => unknown;
}

export interface SampleOptions {
  /** Measured rounds; each round times one batch of every variant. */
  readonly rounds: number;
  /** Target duration of one batch in milliseconds; the batch size is calibrated to reach it. */
  readonly batchMs: number;
}

/** The order of the variants in one round: a permutation of 0 … count - 1. */
export type RoundOrder = (round: number, count: number) => readonly number[];

/** A B C, B C A, C A B, …: every variant takes each place in turn. */
const rotation: RoundOrder = (round, count) => Array.from({ length: count }, (_, k) => (round + k) % count);

export interface Sample {
  readonly name: string;
  /** Median time of one operation, in nanoseconds, over the rounds. */
  readonly medianNs: number;
  /** Interquartile range of the rounds relative to the median. */
  readonly spread: number;
  readonly rounds: number;
  /** Time of one operation in each round, in nanoseconds, in round order (for paired ratios). */
  readonly perRound: readonly number[];
  readonly batch: number;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

async function timeBatch(run: () => unknown, count: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) {
    const result = run();
    // Any thenable, not only Promise: Prisma's queries are lazy PrismaPromises that run on `then`.
    if (isThenable(result)) await result;
  }
  return Number(process.hrtime.bigint() - start);
}

/** Doubles the batch until it lasts `batchMs`; the calibration runs double as warm-up. */
async function calibrate(run: () => unknown, batchMs: number): Promise<number> {
  const target = batchMs * 1e6;
  let count = 1;
  for (;;) {
    const elapsed = await timeBatch(run, count);
    if (elapsed >= target || count >= 1 << 24) {
      return Math.max(1, Math.round((count * target) / Math.max(elapsed, 1)));
    }
    count *= elapsed < target / 8 ? 8 : 2;
  }
}

/**
 * Times the variants in interleaved rounds (A B C, B C A, C A B, …) and reports each one's median.
 * Interleaving spreads slow phases of a shared, noisy machine over all contenders alike, where
 * running each to completion in turn would charge a burst of noise to whichever ran at that time.
 */
export async function sample(
  variants: readonly Variant[],
  options: SampleOptions,
  order: RoundOrder = rotation,
): Promise<Sample[]> {
  const batches: number[] = [];
  for (const variant of variants) batches.push(await calibrate(variant.run, options.batchMs));
  const perOp: number[][] = variants.map(() => []);
  for (let round = 0; round < options.rounds; round++) {
    for (const i of order(round, variants.length)) {
      const elapsed = await timeBatch(variants[i]!.run, batches[i]!);
      perOp[i]!.push(elapsed / batches[i]!);
    }
  }
  return variants.map((variant, i) => ({
    name: variant.name,
    medianNs: median(perOp[i]!),
    spread: relativeSpread(perOp[i]!),
    rounds: options.rounds,
    perRound: perOp[i]!,
    batch: batches[i]!,
  }));
}

const NS_PER: Record<'µs' | 'ms', number> = { µs: 1e3, ms: 1e6 };

/** The samples as the report's measurements, in µs or ms per operation. */
export function measurementsOf(samples: readonly Sample[], unit: 'µs' | 'ms'): Measurement[] {
  const per = NS_PER[unit];
  return samples.map((s) => ({
    name: s.name,
    value: s.medianNs / per,
    unit,
    spread: s.spread,
    rounds: s.perRound.map((ns) => ns / per),
  }));
}

/**
 * The order of `count` contenders in round `round` of a load test (or of sampled variants): a rotation, forwards in even
 * rounds and backwards in odd ones. Rotating gives every contender each place in the round; the
 * change of direction also changes whom it follows, so a cost left by one contender for the next
 * (or the idle time of a server shared by two contenders) does not fall on the same one every round.
 */
export function roundOrder(round: number, count: number): number[] {
  // With an even count, 2i and 2i + 1 stay neighbours in every round, first one then the other
  // ahead: the order that measures pairs (a build against another) side by side.
  return Array.from({ length: count }, (_, k) =>
    round % 2 === 0 ? (round + k) % count : (((round - k) % count) + count) % count,
  );
}
