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

/**
 * A Prisma `orderBy` list over up to three distinct `fields` (none when the list is empty), each
 * ascending or descending; a name with a dot (`author.name`) sorts through that to-one relation, and
 * a field of `nullable` may also say where its nulls go (`nulls` on a required field is Prisma's 400,
 * which a differential checks on its own). Shared by the differentials of both engines.
 * @param {readonly string[]} fields
 * @param {Iterable<string>} [nullable]
 */
export function orderByArbitrary(fields, nullable = []) {
  const withNulls = new Set(nullable);
  const term = (field) =>
    fc
      .tuple(
        fc.constantFrom('asc', 'desc'),
        fc.constantFrom(...(withNulls.has(field) ? [undefined, 'first', 'last'] : [undefined])),
      )
      .map(([sort, nulls]) => {
        const [relation, column] = field.split('.');
        if (column !== undefined) return { [relation]: { [column]: sort } };
        return nulls === undefined ? { [field]: sort } : { [field]: { sort, nulls } };
      });
  return fc
    .uniqueArray(fc.constantFrom(...fields), { maxLength: 3 })
    .chain((picked) => fc.tuple(...picked.map(term)));
}
