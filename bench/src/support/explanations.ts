// The prose of docs/benchmarks.md that numbers cannot supply: what limits a comparison when its
// target is missed, and which rows prove each optimization of issue 8.

/** Keyed by comparison label (see the scenarios). Printed only when the target is missed. */
export const LIMITS: Readonly<Record<string, string>> = {};

export const OPTIMIZATIONS: ReadonlyArray<{ name: string; evidence: string }> = [];
