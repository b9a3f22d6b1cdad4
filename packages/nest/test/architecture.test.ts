// The package's structure, checked on its source: what the architecture says holds for every file,
// also the ones added later (docs/ARCHITECTURE.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('../src/', import.meta.url).pathname;

/** Every library source file of the package (not tests, not type tests), relative to src/. */
function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !/\.test(-d)?\.ts$/.test(entry.name) ? [relative(SRC, path)] : [];
  });
}

/** The code of a file without its comments (good enough for the checks below: no string holds them). */
function code(file: string): string {
  return readFileSync(join(SRC, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('package structure', () => {
  it('reads Prisma internals in one file, model/prisma-internals.ts', () => {
    const internals = /\$parent|\$name\b|_runtimeDataModel|_engineConfig|_previewFeatures|activeProvider/;
    const files = sourceFiles();
    expect(files).toContain('model/prisma-internals.ts');
    const readers = files.filter((file) => internals.test(code(file)));
    expect(readers).toEqual(['model/prisma-internals.ts']);
  });

  it('keeps the decode stage (read/decode/) free of Nest at run time: the adapters are in pipes/', () => {
    const decode = sourceFiles().filter((file) => file.startsWith('read/decode/'));
    expect(decode).toContain('read/decode/decode-route-query.ts');
    // A value import of @nestjs/* (types are fine: they leave nothing at run time).
    const nest = /^import\s+(?!type\b)[^;]*from\s+'@nestjs\//m;
    const typeOnly = (source: string) =>
      source.replace(/^import\s+\{([^}]*)\}\s+from\s+'@nestjs\/[^']+';/gm, (line, names: string) =>
        names.split(',').every((name) => name.trim() === '' || name.trim().startsWith('type ')) ? '' : line,
      );
    expect(decode.filter((file) => nest.test(typeOnly(code(file))))).toEqual([]);
  });
});
