// docs/getting-started.md shows the quickstart's files verbatim: each block after a
// `<!-- file: <path> -->` marker must equal that file. `UPDATE_GUIDE=1` rewrites the blocks from the
// files instead (then review the diff of the guide).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const guidePath = `${root}docs/getting-started.md`;
const BLOCK = /<!-- file: (\S+) -->\n```(\w*)\n([\s\S]*?)```/g;
const BODY = /<!-- file: (\S+) -->\n```\w*\n([\s\S]*?)```/g;

function withFiles(text: string): string {
  return text.replace(BLOCK, (_match, path: string, language: string) => {
    const file = readFileSync(`${root}${path}`, 'utf8');
    return `<!-- file: ${path} -->\n\`\`\`${language}\n${file.endsWith('\n') ? file : `${file}\n`}\`\`\``;
  });
}

let guide = readFileSync(guidePath, 'utf8');
if (process.env.UPDATE_GUIDE === '1') {
  guide = withFiles(guide);
  writeFileSync(guidePath, guide);
}
const blocks = [...guide.matchAll(BODY)].map(([, path, body]) => ({
  path: path as string,
  body: body as string,
}));

describe('docs/getting-started.md', () => {
  it('shows the quickstart’s files', () => {
    expect(blocks.map((block) => block.path)).toEqual([
      'examples/quickstart/prisma/schema.prisma',
      'examples/quickstart/src/articles/article.dto.ts',
      'examples/quickstart/src/articles/articles.resource.ts',
      'examples/quickstart/src/access.ts',
      'examples/quickstart/src/articles/articles.controller.ts',
      'examples/quickstart/src/app.module.ts',
      'examples/quickstart/src/app.ts',
      'examples/quickstart/src/list-articles.ts',
      'examples/quickstart-cjs/src/main.ts',
      'examples/quickstart-cjs/src/shop/shop.controllers.ts',
    ]);
  });

  for (const block of blocks) {
    it(`${block.path} is shown verbatim`, () => {
      expect(block.body).toBe(readFileSync(`${root}${block.path}`, 'utf8'));
    });
  }
});
