// A real delegate with a notebook: every call is forwarded unchanged to Prisma, and the arguments
// and the start/end order are recorded, so a test can assert what the delegate received.
import type { QueryDelegate } from '../../src/advanced/index.js';

export interface RecordedCall {
  readonly method: keyof QueryDelegate;
  readonly args: unknown;
}

export interface Recording<TDelegate> {
  readonly delegate: TDelegate;
  readonly calls: RecordedCall[];
  /** `start:<method>` and `end:<method>` in the order they happened. */
  readonly events: string[];
}

const METHODS = ['findFirst', 'findMany', 'findUnique', 'count', 'aggregate'] as const;

/**
 * With `introspectable`, the wrapper also carries the real delegate's `$name` and `$parent`, so
 * Facet reads the model's types through it as through the real one (keyset paging needs them).
 */
export function recordDelegate<TDelegate extends QueryDelegate>(
  real: TDelegate,
  options: { readonly introspectable?: boolean } = {},
): Recording<TDelegate> {
  const calls: RecordedCall[] = [];
  const events: string[] = [];
  const wrapper: Record<string, (args?: object) => Promise<unknown>> = {};
  for (const method of METHODS) {
    wrapper[method] = async (args?: object) => {
      calls.push({ method, args });
      events.push(`start:${method}`);
      try {
        return await (real[method] as (args?: object) => PromiseLike<unknown>).call(real, args);
      } finally {
        events.push(`end:${method}`);
      }
    };
  }
  if (options.introspectable) {
    const { $name, $parent } = real as unknown as { $name?: unknown; $parent?: unknown };
    Object.assign(wrapper, { $name, $parent });
  }
  return { delegate: wrapper as unknown as TDelegate, calls, events };
}
