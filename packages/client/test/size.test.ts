import { describe, expect, it } from 'vitest';
import { describeSize, ISOLATED, measureSizes, SIZE_BUDGETS } from '../scripts/size.mjs';

describe('sub-path bundles', async () => {
  const sizes = await measureSizes();
  const byName = Object.fromEntries(sizes.map((size) => [size.name, size]));
  // Measured against budget for every sub-path, so the headroom left is visible in each run.
  for (const size of sizes) console.log(`[size] ${describeSize(size)}`);

  it('measures every sub-path the budgets name', () => {
    expect(sizes.map((size) => size.name)).toEqual(Object.keys(SIZE_BUDGETS));
    for (const size of sizes) expect(size.gzipped, size.name).toBeGreaterThan(0);
  });

  it.each(sizes.filter((size) => size.budget !== null))('$name stays within its min+gz budget', (size) => {
    expect(size.gzipped, describeSize(size)).toBeLessThanOrEqual(size.budget as number);
  });

  it('budgets the api sub-path (axios excluded, core included) and the tanstack one', () => {
    expect(SIZE_BUDGETS.api).not.toBeNull();
    expect(SIZE_BUDGETS.tanstack).not.toBeNull();
  });

  it('imports no UI framework from the core sub-paths, and only its own from each adapter', () => {
    expect(byName.api?.imports).toEqual(['axios']);
    expect(byName.table?.imports).toEqual([]);
    expect(byName.autocomplete?.imports).toEqual([]);
    expect(byName.vue?.imports).toEqual(['vue']);
    expect(byName.react?.imports).toEqual(['react']);
    // TanStack Query is imported for its types only: the sub-path loads nothing of it.
    expect(byName.tanstack?.imports).toEqual([]);
    // Refine and TanStack Table likewise: read by their types and their state's shape.
    expect(byName.refine?.imports).toEqual(['axios']);
    expect(byName['tanstack-table']?.imports).toEqual([]);
  });
});

describe('optional peers stay optional', async () => {
  // The root entry and every sub-path but their own: what an app without Refine or TanStack Table loads.
  const entries = await measureSizes(['.', ...Object.keys(SIZE_BUDGETS)]);

  it.each(Object.entries(ISOLATED))(
    'no entry but %s imports its peers or bundles its folder',
    (own, peers) => {
      for (const entry of entries.filter((candidate) => candidate.name !== own)) {
        expect(
          entry.imports.filter((path) => peers.includes(path)),
          entry.name,
        ).toEqual([]);
        expect(
          entry.inputs.filter((path) => path.startsWith(`${own}/`)),
          entry.name,
        ).toEqual([]);
      }
      // The check sees the folder when it is bundled: its own entry is made of it.
      expect(entries.find((entry) => entry.name === own)?.inputs).toContain(`${own}/index.ts`);
    },
  );

  it('measures the root entry whole', () => {
    expect(entries.find((entry) => entry.name === '.')?.inputs).toContain('index.ts');
  });
});
