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

export function recordDelegate<TDelegate extends QueryDelegate>(real: TDelegate): Recording<TDelegate> {
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
  return { delegate: wrapper as unknown as TDelegate, calls, events };
}
