// docs/client/refine.md and docs/client/tanstack-table.md show their snippets verbatim: each block
// after a `<!-- file: <path> -->` marker must equal that file (`UPDATE_DOCS=1` rewrites the blocks
// from the files). The Refine snippet runs against the example app, its rows checked against the
// fixture; the TanStack Table snippets (React, Vue) are bundled, so each is a complete module.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createApiClient, useModuleApi } from '@facet/client/api';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { sourceAlias } from '../../scripts/web-bundle.mjs';
import { loadFixture } from '../../src/database/index.js';
import { onEachTarget } from '../support/onEachTarget.js';
import { libraryDataProvider, longPoetry } from './snippets/refine.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const BLOCK = /<!-- file: (\S+) -->\n```(\w*)\n([\s\S]*?)```/g;
const PAGES = ['docs/client/refine.md', 'docs/client/tanstack-table.md'];

for (const pagePath of PAGES) {
  let text = readFileSync(`${root}${pagePath}`, 'utf8');
  if (process.env.UPDATE_DOCS === '1') {
    text = text.replace(BLOCK, (_match, path: string, language: string) => {
      const file = readFileSync(`${root}${path}`, 'utf8');
      return `<!-- file: ${path} -->\n\`\`\`${language}\n${file.endsWith('\n') ? file : `${file}\n`}\`\`\``;
    });
    writeFileSync(`${root}${pagePath}`, text);
  }
  const blocks = [...text.matchAll(BLOCK)].map(([, path, , body]) => ({
    path: path as string,
    body: body as string,
  }));
  describe(pagePath, () => {
    it('has snippets', () => expect(blocks.length).toBeGreaterThan(0));
    it.each(blocks)('shows $path verbatim', ({ path, body }) => {
      expect(body).toBe(readFileSync(`${root}${path}`, 'utf8'));
    });
  });
}

describe('the TanStack Table snippets', () => {
  it.each(['tanstack-table-react.tsx', 'tanstack-table-vue.ts'])('%s bundles', async (file) => {
    const result = await build({
      entryPoints: [fileURLToPath(new URL(`./snippets/${file}`, import.meta.url))],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'browser',
      alias: sourceAlias,
      logLevel: 'silent',
    });
    expect(result.errors).toEqual([]);
    expect(result.outputFiles[0]?.text.length).toBeGreaterThan(0);
  });
});

const fx = loadFixture();

await onEachTarget('the Refine snippet', ({ app }) => {
  it('reads the rows the fixture predicts', async () => {
    const authors = await useModuleApi<{ id: number }>(
      createApiClient({ origin: app().origin }),
      'authors',
    ).query({
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      perPage: 100,
      fields: 'id',
    });
    const rank = new Map(authors.items.map((author, index) => [author.id, index]));
    const author = (id: number) => fx.authors.find((candidate) => candidate.id === id)!;
    const matching = fx.books
      .filter(
        (b) =>
          b.published &&
          b.genre === 'POETRY' &&
          (b.pages >= 900 || author(b.authorId).name.toLowerCase().startsWith('zoë')) &&
          `${b.title} ${b.isbn}`.toLowerCase().includes('the'),
      )
      .sort((a, b) => rank.get(a.authorId)! - rank.get(b.authorId)! || a.id - b.id);
    expect(matching.length).toBeGreaterThan(0);
    const { data, total } = await longPoetry(libraryDataProvider(app().origin, () => null));
    expect(total).toBe(matching.length);
    expect(data).toEqual(
      matching.slice(0, 5).map((b) => ({
        id: b.id,
        title: b.title,
        pages: b.pages,
        author: { name: author(b.authorId).name },
      })),
    );
  });
});
