// The web page takes its row types from the server's DTOs (web/types.ts), with `import type` only.
// This builds the page as `npm start` serves it and reads the bundle's source map: no module of the
// server (its src/, @facet/nest, Nest, Prisma, the validators, the database drivers) may be in it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleWeb } from '../scripts/web-bundle.mjs';

const SERVER_MODULES = [
  /(^|\/)examples\/library\/src\//,
  /(^|\/)packages\/nest\//,
  /node_modules\/@facet\/nest\//,
  /node_modules\/@nestjs\//,
  /node_modules\/@prisma\//,
  /node_modules\/\.prisma\//,
  /node_modules\/prisma\//,
  /node_modules\/class-validator\//,
  /node_modules\/class-transformer\//,
  /node_modules\/reflect-metadata\//,
  /node_modules\/pg(-[a-z]+)?\//,
  /node_modules\/@electric-sql\//,
];

describe('the web bundle', () => {
  let dir: string;
  let sources: string[];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'facet-web-bundle-'));
    for (const fromSource of [true, false]) {
      const outdir = join(dir, fromSource ? 'source' : 'dist');
      await bundleWeb({ outdir, fromSource, minify: true });
    }
    const maps = await Promise.all(
      ['source', 'dist'].map(async (kind) =>
        JSON.parse(await readFile(join(dir, kind, 'app.js.map'), 'utf8')),
      ),
    );
    sources = maps.flatMap((map: { sources: string[] }) =>
      map.sources.map((source) => source.replaceAll('\\', '/')),
    );
  }, 120_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds the page and the client', () => {
    expect(sources.some((source) => source.endsWith('web/types.ts') || source.endsWith('web/api.ts'))).toBe(
      true,
    );
    expect(sources.some((source) => /client\/(src|dist)\//.test(source))).toBe(true);
  });

  it('holds no server module', () => {
    const leaked = sources.filter((source) => SERVER_MODULES.some((pattern) => pattern.test(source)));
    expect(leaked).toEqual([]);
  });
});
