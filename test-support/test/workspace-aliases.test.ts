// Every entry point a package exports must resolve to its source in tests: an entry point missing
// from vitest.shared.ts would be tested through a stale dist/ (or not at all on a fresh clone).
// Read from the manifests independently of how vitest.shared.ts builds its list.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ALIASED_PACKAGES, workspaceAlias } from '../../vitest.shared.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

interface Manifest {
  name: string;
  exports: Record<string, unknown>;
}

const manifests = ALIASED_PACKAGES.map((dir) => ({
  dir,
  manifest: JSON.parse(readFileSync(`${root}packages/${dir}/package.json`, 'utf8')) as Manifest,
}));

/** What vite does with an import specifier: the first alias that matches, replaced. */
function resolveAlias(specifier: string): string | undefined {
  const alias = workspaceAlias.find(({ find }) => find.test(specifier));
  return alias && specifier.replace(alias.find, alias.replacement);
}

/** Every code entry point: sub-paths whose targets are files under dist/ (not ./package.json). */
const entryPoints = manifests.flatMap(({ dir, manifest }) =>
  Object.entries(manifest.exports)
    .filter(([, target]) => JSON.stringify(target).includes('./dist/'))
    .map(([subPath]) => ({
      dir,
      subPath,
      specifier: subPath === '.' ? manifest.name : `${manifest.name}/${subPath.slice(2)}`,
    })),
);

describe('vitest aliases', () => {
  it('covers the three packages, each with its root entry point', () => {
    expect(manifests.map(({ manifest }) => manifest.name)).toEqual([
      '@facet/core',
      '@facet/client',
      '@facet/nest',
    ]);
    for (const { manifest } of manifests) {
      expect(entryPoints.map((entry) => entry.specifier)).toContain(manifest.name);
    }
  });

  it.each(entryPoints)('$specifier resolves to its source file', ({ dir, subPath, specifier }) => {
    const resolved = resolveAlias(specifier);
    expect(resolved, `${specifier} (exports["${subPath}"]) has no alias in vitest.shared.ts`).toBeDefined();
    const expected = `${root}packages/${dir}/src/${subPath === '.' ? '' : `${subPath.slice(2)}/`}index.ts`;
    expect(resolved).toBe(expected);
    expect(existsSync(expected), `${expected} does not exist`).toBe(true);
  });

  it('aliases nothing a package does not export', () => {
    const exported = new Set(entryPoints.map((entry) => entry.specifier));
    for (const { find } of workspaceAlias) {
      expect(
        [...exported].some((specifier) => find.test(specifier)),
        String(find),
      ).toBe(true);
    }
    expect(resolveAlias('@facet/nest/src/index')).toBeUndefined();
    expect(resolveAlias('@facet/client/shared')).toBeUndefined();
  });
});
