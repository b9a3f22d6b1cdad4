// The package's structure, checked on its source: what the architecture says holds for every file,
// also the ones added later (docs/ARCHITECTURE.md).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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

  it('keeps every library source file at 300 lines or fewer', () => {
    const long = sourceFiles()
      .map((file) => ({ file, lines: readFileSync(join(SRC, file), 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });

  it('has no import cycle between folders', () => {
    const edges = new Map<string, Set<string>>();
    for (const file of sourceFiles()) {
      const from = dirname(file);
      for (const [, specifier] of code(file).matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
        const to = dirname(relative(SRC, resolve(SRC, from, specifier as string)));
        if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
      }
    }
    // A depth-first walk: a folder met again while it is still on the path closes a cycle.
    const cycles: string[] = [];
    const done = new Set<string>();
    const visit = (folder: string, path: string[]): void => {
      if (path.includes(folder)) {
        cycles.push([...path.slice(path.indexOf(folder)), folder].join(' -> '));
        return;
      }
      if (done.has(folder)) return;
      for (const next of edges.get(folder) ?? []) visit(next, [...path, folder]);
      done.add(folder);
    };
    for (const folder of edges.keys()) visit(folder, []);
    expect(cycles).toEqual([]);
  });

  it('reads through the pipeline stages, each in its folder under read/', () => {
    const folders = new Set(sourceFiles().map((file) => dirname(file)));
    for (const stage of ['decode', 'check', 'scope', 'plan', 'execute', 'present'])
      expect(folders).toContain(`read/${stage}`);
  });

  it('builds access filters only in read/scope (and the CASL adapter that makes the builder)', () => {
    const callers = sourceFiles().filter((file) =>
      /\baccessibleWhere\s*\(|\baccessFor\s*\(/.test(code(file)),
    );
    expect(callers.filter((file) => !file.startsWith('read/scope/') && !file.startsWith('casl/'))).toEqual(
      [],
    );
    expect(callers.length).toBeGreaterThan(0);
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
