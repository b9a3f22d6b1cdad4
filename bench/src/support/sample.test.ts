import { describe, expect, it } from 'vitest';
import { roundOrder, sample } from './sample.js';

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

describe('roundOrder', () => {
  it('keeps pairs 2i, 2i + 1 side by side in every round, each of them first in turn', () => {
    const firsts = new Set<number>();
    for (let round = 0; round < 6; round++) {
      const order = roundOrder(round, 6);
      for (const a of [0, 2, 4]) {
        const [i, j] = [order.indexOf(a), order.indexOf(a + 1)];
        expect(Math.abs(i - j), `round ${round}: ${order}`).toBe(1);
        if (a === 0) firsts.add(i < j ? a : a + 1);
      }
    }
    expect(firsts).toEqual(new Set([0, 1]));
  });

  it('gives every contender each place, and alternates whom it follows', () => {
    const rounds = Array.from({ length: 4 }, (_, round) => roundOrder(round, 4));
    expect(rounds).toEqual([
      [0, 1, 2, 3],
      [1, 0, 3, 2],
      [2, 3, 0, 1],
      [3, 2, 1, 0],
    ]);
    for (const order of rounds) expect([...order].sort()).toEqual([0, 1, 2, 3]);
    // Contender 1 follows contender 0 in even rounds and precedes it in odd ones.
    const follows = (order: number[], a: number, b: number) => order.indexOf(a) === order.indexOf(b) + 1;
    expect(follows(rounds[0]!, 1, 0)).toBe(true);
    expect(follows(rounds[1]!, 0, 1)).toBe(true);
  });
});
