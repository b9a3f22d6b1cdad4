export declare const DEFAULT_FC_SEED: number;
export declare function fastCheckSeed(env?: NodeJS.ProcessEnv): number;
export declare function useFastCheckSeed(env?: NodeJS.ProcessEnv): number;
export declare function seedBanner(env?: NodeJS.ProcessEnv): string;
export declare function orderByArbitrary(
  fields: readonly string[],
  nullable?: Iterable<string>,
): import('fast-check').Arbitrary<Record<string, unknown>[]>;
