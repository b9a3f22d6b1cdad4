// @casl/* are optional peers: the package root must load without them. This walks every module
// reachable from src/index.ts (static imports, re-exports, dynamic imports and require calls, as
// TypeScript's own pre-processor sees them) and collects the bare packages they load.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src/', import.meta.url));

function reachablePackages(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName: specifier } of importedFiles) {
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      const candidate = existsSync(target) ? target : resolve(target.replace(/\.ts$/, ''), 'index.ts');
      if (!existsSync(candidate)) throw new Error(`cannot resolve ${specifier} from ${file}`);
      pending.push(candidate);
    }
  }
  return { files, packages };
}

describe('optional peers', () => {
  it('nothing reachable from the package root imports @casl/*', () => {
    const { files, packages } = reachablePackages(resolve(src, 'index.ts'));
    expect(files.has(resolve(src, 'query/query.service.ts'))).toBe(true);
    expect([...packages].filter((name) => name.startsWith('@casl/'))).toEqual([]);
  });

  it('nothing reachable from the package root (or /advanced, /casl, /swagger) imports kysely', () => {
    for (const entry of ['index.ts', 'advanced/index.ts', 'casl/index.ts', 'swagger/index.ts']) {
      const { packages } = reachablePackages(resolve(src, entry));
      expect([...packages].filter((name) => name === 'kysely' || name.startsWith('kysely/'))).toEqual([]);
    }
    expect(reachablePackages(resolve(src, 'sql/index.ts')).packages).toContain('kysely');
  });

  it('the casl sub-path does import @casl/prisma (the walk can see it)', () => {
    const { packages } = reachablePackages(resolve(src, 'casl/index.ts'));
    expect(packages).toContain('@casl/prisma/runtime');
  });
});
