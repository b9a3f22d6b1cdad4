import { describe, expect, it } from 'vitest';
import { FreshProbe, tick } from './fresh-probe.js';

// The probe here is a promise the test releases: what is checked is who shares which probe.
describe('FreshProbe', () => {
  it('answers every caller with a probe that started after it came, one running and one queued at most', async () => {
    const started: number[] = [];
    const release: (() => void)[] = [];
    const probe = new FreshProbe(async () => {
      started.push(started.length);
      await new Promise<void>((resolve) => release.push(resolve));
    });
    const early = tick();
    const first = probe.after(early);
    // Its moment is before the running probe started: the running probe covers it.
    const covered = probe.after(early);
    // Came after the running probe started: both share the next one, which waits for it.
    const second = probe.after(tick());
    const third = probe.after(tick());
    expect(started).toEqual([0]);
    release.shift()?.();
    await Promise.all([first, covered]);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    release.shift()?.();
    await Promise.all([second, third]);
    expect(started).toEqual([0, 1]);
    // A caller whose moment an answered probe covers needs none.
    const before = tick();
    const fourth = probe.after(before - 100);
    await fourth;
    expect(started).toEqual([0, 1]);
  });
});
