import { describe, expect, it } from 'vitest';
import { measureSizes, SIZE_BUDGETS } from '../scripts/size.mjs';

describe('sub-path bundles', async () => {
  const sizes = await measureSizes();
  const byName = Object.fromEntries(sizes.map((size) => [size.name, size]));

  it.each(sizes.filter((size) => size.budget !== null))('$name stays within its min+gz budget', (size) => {
    expect(size.gzipped).toBeLessThanOrEqual(size.budget as number);
  });

  it('keeps the api sub-path within 3 KB min+gz, axios excluded and core included', () => {
    expect(SIZE_BUDGETS.api).toBe(3072);
    expect(byName.api?.gzipped).toBeGreaterThan(0);
    expect(byName.api?.gzipped).toBeLessThanOrEqual(3072);
  });

  it('imports no UI framework from the core sub-paths, and only its own from each adapter', () => {
    expect(byName.api?.imports).toEqual(['axios']);
    expect(byName.table?.imports).toEqual([]);
    expect(byName.autocomplete?.imports).toEqual([]);
    expect(byName.vue?.imports).toEqual(['vue']);
    expect(byName.react?.imports).toEqual(['react']);
    // TanStack Query is imported for its types only: the sub-path loads nothing of it.
    expect(byName.tanstack?.imports).toEqual([]);
  });
});
