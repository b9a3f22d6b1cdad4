/** What every scenario hands to the report. */

import { median, relativeSpread } from '../support/stats.js';

export type Unit = 'ns' | 'µs' | 'ms' | 'req/s' | 'B';

/** One measured contender: a median over rounds. */
export interface Measurement {
  readonly name: string;
  /** Median in `unit`. */
  readonly value: number;
  readonly unit: Unit;
  /** Interquartile range of the rounds relative to the median (0.05 = ±5 % noise). */
  readonly spread?: number;
  /**
   * The value of each round, in round order, when every contender of the scenario ran once per
   * round: `compare` then takes the spread of the ratio round by round.
   */
  readonly rounds?: readonly number[];
  readonly detail?: string;
}

/**
 * A ratio of two measurements of the same scenario. For times it is subject ÷ baseline (lower is
 * better, 0.5 = half the time); for throughput it is subject ÷ baseline (higher is better).
 */
export interface Comparison {
  readonly label: string;
  readonly subject: string;
  readonly baseline: string;
  readonly kind: 'time' | 'throughput';
  readonly ratio: number;
  /**
   * Interquartile range of the per-round ratios relative to their median, where the two sides were
   * measured in the same rounds (paired): how far one round's ratio may stray.
   */
  readonly spread?: number;
  /** The comparison's target: the ratio must be `>=` or `<=` this value. */
  readonly target?: { readonly op: '>=' | '<='; readonly value: number };
}

export interface ScenarioResult {
  readonly id: string;
  /** A short name for tables and the chart: 'Codec', 'Service (PostgreSQL)'. */
  readonly short: string;
  readonly title: string;
  /** What was measured and how, one paragraph. */
  readonly method: string;
  readonly measurements: readonly Measurement[];
  readonly comparisons: readonly Comparison[];
  readonly notes: readonly string[];
  /** Set when the scenario could not run, with the reason (e.g. PostgreSQL unreachable). */
  readonly notRun?: string;
}

/** Whether a comparison meets its target (`undefined` when it has none). */
export function meetsTarget(comparison: Comparison): boolean | undefined {
  const { target, ratio } = comparison;
  if (target === undefined || !Number.isFinite(ratio)) return undefined;
  return target.op === '>=' ? ratio >= target.value : ratio <= target.value;
}

/** "How many times faster": baseline time ÷ subject time, or subject ÷ baseline throughput. */
export function speedup(comparison: Comparison): number {
  return comparison.kind === 'time' ? 1 / comparison.ratio : comparison.ratio;
}

/** Builds a comparison from two named measurements of one list. */
export function compare(
  measurements: readonly Measurement[],
  label: string,
  subject: string,
  baseline: string,
  target?: Comparison['target'],
): Comparison {
  const find = (name: string) => {
    const found = measurements.find((m) => m.name === name);
    if (!found) throw new Error(`bench: no measurement named "${name}"`);
    return found;
  };
  const a = find(subject);
  const b = find(baseline);
  const kind = a.unit === 'req/s' ? 'throughput' : 'time';
  const spread = pairedSpread(a, b);
  return {
    label,
    subject,
    baseline,
    kind,
    ratio: a.value / b.value,
    ...(spread === undefined ? {} : { spread }),
    ...(target ? { target } : {}),
  };
}

/**
 * A ratio of two measurements taken in the same rounds, as the median of the per-round ratios: a
 * slow phase of the machine weighs on both sides of a round, so each round's ratio is steadier
 * than either side, and the median of them is the estimate that a few disturbed rounds move least.
 */
export function comparePerRound(
  measurements: readonly Measurement[],
  label: string,
  subject: string,
  baseline: string,
): Comparison {
  const find = (name: string) => {
    const found = measurements.find((m) => m.name === name);
    if (!found?.rounds) throw new Error(`bench: no measurement named "${name}" with rounds`);
    return found;
  };
  const a = find(subject);
  const b = find(baseline);
  const base = b.rounds!;
  if (a.rounds!.length !== base.length)
    throw new Error(`bench: "${subject}" and "${baseline}" ran different rounds`);
  const ratios = a.rounds!.map((value, round) => value / base[round]!);
  return {
    label,
    subject,
    baseline,
    kind: a.unit === 'req/s' ? 'throughput' : 'time',
    ratio: median(ratios),
    spread: relativeSpread(ratios),
  };
}

/**
 * The spread of a ratio taken round by round. Both sides of a round ran back to back, so what the
 * machine was doing then weighs on both: this is the noise of the ratio itself, which is smaller
 * than the two contenders' spreads added up.
 */
function pairedSpread(a: Measurement, b: Measurement): number | undefined {
  if (a.rounds === undefined || b.rounds === undefined || a.rounds.length !== b.rounds.length)
    return undefined;
  if (a.rounds.length < 2) return undefined;
  const baseline = b.rounds;
  return relativeSpread(a.rounds.map((value, round) => value / (baseline[round] as number)));
}
