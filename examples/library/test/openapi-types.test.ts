// The OpenAPI document is good enough to generate filter types from: openapi-typescript runs on the
// example's /api/docs-json, and tsc checks a small file against its output. The positive query must
// compile AND be answered by the server; each negative must fail to compile (an unused
// `@ts-expect-error` is itself an error, so a negative that starts compiling fails this test) and
// must be refused by the server with a 400, so the types and the server agree.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { encodeQuery } from '@facet/core';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFixture } from '../src/database/index.js';
import { request } from './support/http.js';
import { type RunningLibrary, startLibrary } from './support/startLibrary.js';

const fx = loadFixture();

/** Published science books over 100 pages, by an author whose name contains an "a", longest first. */
const positive = {
  where: {
    genre: { in: ['SCIENCE'] },
    pages: { gt: 100 },
    published: true,
    author: { name: { contains: 'a', mode: 'insensitive' } },
  },
  orderBy: [{ pages: 'desc' }, { id: 'asc' }],
  include: { author: true },
  perPage: 100,
};

const expected = fx.books
  .filter((book) => {
    const author = fx.authors.find((a) => a.id === book.authorId);
    return (
      book.genre === 'SCIENCE' &&
      book.pages > 100 &&
      book.published &&
      author?.name.toLowerCase().includes('a') === true
    );
  })
  .sort((a, b) => b.pages - a.pages || a.id - b.id)
  .map((book) => book.id);

/** Each wrong query, and why the generated types refuse it. */
const negatives: readonly [string, Record<string, unknown>][] = [
  ['an unknown where field', { where: { titel: 'x' } }],
  ['a misspelt field of a relation filter', { where: { author: { nme: 'x' } } }],
  ['a string operator on an Int field', { where: { pages: { contains: '1' } } }],
  ['mode on a Boolean field', { where: { published: { mode: 'insensitive' } } }],
  ['a value of the wrong type', { where: { pages: 'many' } }],
  ['an enum value that does not exist', { where: { genre: 'COOKING' } }],
  ['in with a single value instead of a list', { where: { title: { in: 'x' } } }],
  [
    'a staff-only field, for the anonymous caller the document is written for',
    { where: { internalNote: 'x' } },
  ],
  ['a to-many relation sorted by anything but _count', { orderBy: { reviews: 'asc' } }],
  ['a sort direction that does not exist', { orderBy: { title: 'up' } }],
  ['an unknown include', { include: { publisher: true } }],
  ['take on a to-one relation', { include: { author: { take: 1 } } }],
  ['an unknown to-many relation filter', { where: { reviews: { any: { rating: 5 } } } }],
];

function checkSource(): string {
  const lines = [
    "import type { paths } from './openapi.js';",
    "type Query = NonNullable<paths['/api/v1/books']['get']['parameters']['query']>;",
    `export const positive: Query = ${JSON.stringify(positive)};`,
  ];
  for (const [index, [why, query]] of negatives.entries()) {
    lines.push(
      `// @ts-expect-error ${why}`,
      `export const negative${index}: Query = ${JSON.stringify(query)};`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

describe('types generated from the OpenAPI document', () => {
  let app: RunningLibrary;
  let dir: string;

  beforeAll(async () => {
    app = await startLibrary();
    dir = await mkdtemp(join(tmpdir(), 'facet-openapi-types-'));
  });
  afterAll(async () => {
    await app?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('type the positive call and refuse every negative one', async () => {
    const { status, body } = await request<Record<string, unknown>>(app.origin, '/api/docs-json');
    expect(status).toBe(200);
    const generated = astToString(await openapiTS(body as never));
    expect(generated).toContain('BookDtoWhereInput');
    await writeFile(join(dir, 'openapi.ts'), generated);
    await writeFile(join(dir, 'check.ts'), checkSource());
    const compilerOptions = { strict: true, noEmit: true, target: 'es2022', module: 'nodenext', types: [] };
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['check.ts'] }));
    const result = await promisify(execFile)(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
      () => ({ code: 0, output: '' }),
      (error: { code?: number; stdout?: string }) => ({ code: error.code ?? 1, output: error.stdout ?? '' }),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  }, 120_000);

  it('sends the positive query and gets the expected rows', async () => {
    expect(expected.length).toBeGreaterThan(0);
    const { status, body } = await request<{ items: { id: number; author: { name: string } }[] }>(
      app.api,
      `/books?${encodeQuery(positive)}`,
    );
    expect(status).toBe(200);
    expect(body.items.map((book) => book.id)).toEqual(expected);
    expect(body.items.every((book) => typeof book.author.name === 'string')).toBe(true);
  });

  it.each(negatives)('the server refuses %s with a 400 too', async (_why, query) => {
    const { status } = await request(app.api, `/books?${encodeQuery(query)}`);
    expect(status).toBe(400);
  });
});
