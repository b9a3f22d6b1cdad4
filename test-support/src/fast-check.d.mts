export declare const DEFAULT_FC_SEED: number;
export declare function fastCheckSeed(env?: NodeJS.ProcessEnv): number;
export declare function useFastCheckSeed(env?: NodeJS.ProcessEnv): number;
export declare function seedBanner(env?: NodeJS.ProcessEnv): string;
