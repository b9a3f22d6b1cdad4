// Checks what ships: dist/ through both module systems. `npm test` builds before vitest runs; a
// bare `vitest run` on a fresh clone has no dist/, and then this suite is skipped, saying why.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const esmEntry = fileURLToPath(new URL('../dist/esm/index.js', import.meta.url));
const cjsEntry = fileURLToPath(new URL('../dist/cjs/index.js', import.meta.url));
const built = existsSync(esmEntry) && existsSync(cjsEntry);

describe.skipIf(!built)('dual build (dist/ missing: run `npm run build -w @facet/core` first)', () => {
  it('exports the same names from ESM and CJS', async () => {
    const esm = (await import(/* @vite-ignore */ esmEntry)) as Record<string, unknown>;
    const cjs = createRequire(import.meta.url)(cjsEntry) as Record<string, unknown>;
    const names = Object.keys(esm).sort();
    expect(names).toContain('decodeQuery');
    expect(names).toContain('parseFields');
    expect(Object.keys(cjs).sort()).toEqual(names);
  });

  it('works the same through both', async () => {
    const esm = (await import(/* @vite-ignore */ esmEntry)) as typeof import('../src/index.js');
    const cjs = createRequire(import.meta.url)(cjsEntry) as typeof import('../src/index.js');
    const query = { where: { title: '2024', ok: true }, orderBy: [{ id: 'desc' }] };
    expect(cjs.decodeQuery(esm.encodeQuery(query))).toEqual(query);
    expect(esm.parseFields(cjs.stringifyFields(['a', 'b.c']))).toEqual({ a: true, b: { c: true } });
    // Each build has its own class; the guard recognises the other's errors by name.
    const error = (() => {
      try {
        cjs.decodeQuery('__proto__.x=1');
      } catch (caught) {
        return caught;
      }
    })();
    expect(esm.isFacetQueryError(error)).toBe(true);
  });
});
