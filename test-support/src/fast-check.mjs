// One fast-check seed for every property of a run: FC_SEED when set, a fixed default otherwise, so a
// CI failure can be replayed with the seed (and path) fast-check prints with it. Every vitest project
// applies it through the setup file below (vitest.shared.ts); no test passes its own seed.
import fc from 'fast-check';

/** The seed a run uses when FC_SEED is not set. */
export const DEFAULT_FC_SEED = 20_261_122;

/** @param {NodeJS.ProcessEnv} [env] */
export function fastCheckSeed(env = process.env) {
  const text = env.FC_SEED?.trim();
  if (text === undefined || text === '') return DEFAULT_FC_SEED;
  const seed = Number(text);
  // fast-check prints seeds as 32-bit signed integers; anything else would quietly become another seed.
  if (!Number.isInteger(seed) || (seed | 0) !== seed) {
    throw new Error(`FC_SEED must be a 32-bit integer, got ${JSON.stringify(text)}`);
  }
  return seed;
}

/** Makes every later fc.assert/fc.check of this process start from the run's seed. */
export function useFastCheckSeed(env = process.env) {
  const seed = fastCheckSeed(env);
  fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
  return seed;
}

/** The line a run prints once, before its tests. */
export function seedBanner(env = process.env) {
  const seed = fastCheckSeed(env);
  const source = env.FC_SEED?.trim() ? 'from FC_SEED' : 'the default; set FC_SEED to change it';
  return `fast-check seed ${seed} (${source}); a failing property prints its seed and path to replay it`;
}
