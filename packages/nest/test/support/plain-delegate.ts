// A delegate that is not a Prisma client delegate: a plain object whose five operations call the
// real client's. It has no `$name`/`$parent`, so it exposes no runtime data model, as a wrapper, an
// extension or another data layer would not.
import type { QueryDelegate } from '../../src/advanced/index.js';

type PlainDelegate<TDelegate extends QueryDelegate> = Pick<TDelegate, keyof QueryDelegate>;

export function plainDelegate<TDelegate extends QueryDelegate>(
  real: TDelegate,
  overrides: Partial<Record<keyof QueryDelegate, (args?: object) => PromiseLike<unknown>>> = {},
): PlainDelegate<TDelegate> {
  const call =
    (method: keyof QueryDelegate) =>
    (args?: object): PromiseLike<unknown> =>
      overrides[method]?.(args) ?? (real[method] as (args?: object) => PromiseLike<unknown>).call(real, args);
  return {
    findFirst: call('findFirst'),
    findMany: call('findMany'),
    findUnique: call('findUnique'),
    count: call('count'),
    aggregate: call('aggregate'),
  } as PlainDelegate<TDelegate>;
}
