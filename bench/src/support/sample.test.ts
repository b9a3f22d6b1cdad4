import { describe, expect, it } from 'vitest';
import { sample } from './sample.js';

describe('sample', () => {
  it('returns one result per variant, in order, after the requested rounds', async () => {
    const calls = { a: 0, b: 0 };
    const results = await sample(
      [
        { name: 'a', run: () => calls.a++ },
        { name: 'b', run: async () => calls.b++ },
      ],
      { rounds: 3, batchMs: 1 },
    );
    expect(results.map((r) => r.name)).toEqual(['a', 'b']);
    for (const r of results) {
      expect(r.rounds).toBe(3);
      expect(r.batch).toBeGreaterThanOrEqual(1);
      expect(r.medianNs).toBeGreaterThan(0);
    }
    // Calibration runs plus three timed batches each.
    expect(calls.a).toBeGreaterThanOrEqual(3 * results[0]!.batch);
    expect(calls.b).toBeGreaterThanOrEqual(3 * results[1]!.batch);
  });

  it('awaits asynchronous operations, so their time counts', async () => {
    let pending = 0;
    let maxPending = 0;
    await sample(
      [
        {
          name: 'slow',
          run: async () => {
            pending++;
            maxPending = Math.max(maxPending, pending);
            await new Promise((resolve) => setTimeout(resolve, 1));
            pending--;
          },
        },
      ],
      { rounds: 2, batchMs: 2 },
    );
    expect(maxPending).toBe(1);
  });

  it('awaits thenables that are not Promises (lazy Prisma queries only run when `then` is called)', async () => {
    let executed = 0;
    const lazy = () => ({
      // biome-ignore lint/suspicious/noThenProperty: a thenable is exactly what this test needs
      then(resolve: (value: number) => void) {
        executed++;
        resolve(executed);
      },
    });
    const [result] = await sample([{ name: 'lazy', run: lazy }], { rounds: 2, batchMs: 1 });
    expect(executed).toBeGreaterThanOrEqual(2 * result!.batch);
  });
});
