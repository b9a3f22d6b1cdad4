// docs/getting-started.md, as a reader follows it. Each block after a `<!-- file: <path> -->` marker
// must equal that file of a quickstart (ESM or CommonJS), each block after `<!-- excerpt: <path> -->`
// must be whole lines of it; the install and facet-ddl commands must name what the packages need;
// and every `curl` of the guide is sent to the ESM quickstart, answering what its comment says.
// `UPDATE_GUIDE=1` rewrites the file blocks from the files instead (then review the diff).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { listenApp } from '@facet/test-support/net';
import type { INestApplication } from '@nestjs/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const guidePath = `${root}docs/getting-started.md`;
const FILE_BLOCK = /<!-- file: (\S+) -->\n```(\w*)\n([\s\S]*?)```/g;
const BLOCK = /<!-- (file|excerpt): (\S+) -->\n```\w*\n([\s\S]*?)```/g;

function withFiles(text: string): string {
  return text.replace(FILE_BLOCK, (_match, path: string, language: string) => {
    const file = readFileSync(`${root}${path}`, 'utf8');
    return `<!-- file: ${path} -->\n\`\`\`${language}\n${file.endsWith('\n') ? file : `${file}\n`}\`\`\``;
  });
}

let guide = readFileSync(guidePath, 'utf8');
if (process.env.UPDATE_GUIDE === '1') {
  guide = withFiles(guide);
  writeFileSync(guidePath, guide);
}
const blocks = [...guide.matchAll(BLOCK)].map(([, kind, path, body]) => ({
  kind: kind as 'file' | 'excerpt',
  path: path as string,
  body: body as string,
}));

/** The text of a `## ` section whose heading starts with `heading`, up to the next one. */
function section(heading: string): string {
  const start = guide.indexOf(`\n## ${heading}`);
  expect(start, heading).toBeGreaterThan(-1);
  const end = guide.indexOf('\n## ', start + 1);
  return guide.slice(start, end === -1 ? undefined : end);
}
/** The bodies of a section's ```sh blocks. */
const shellBlocks = (text: string) =>
  [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map(([, body]) => body as string);

type Manifest = {
  peerDependencies: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  bin?: Record<string, string>;
};
const manifest = (name: string) =>
  JSON.parse(readFileSync(`${root}packages/${name}/package.json`, 'utf8')) as Manifest;
const requiredPeers = (pkg: Manifest) =>
  Object.keys(pkg.peerDependencies).filter((peer) => pkg.peerDependenciesMeta?.[peer]?.optional !== true);

describe('docs/getting-started.md shows the quickstarts’ files', () => {
  it('in the order the guide builds them', () => {
    expect(blocks.map((block) => `${block.kind} ${block.path}`)).toEqual([
      'file examples/quickstart/prisma/schema.prisma',
      'file examples/quickstart/src/articles/article.dto.ts',
      'file examples/quickstart/src/articles/articles.resource.ts',
      'file examples/quickstart/src/access.ts',
      'file examples/quickstart/src/articles/articles.controller.ts',
      'file examples/quickstart/src/articles/finished-articles.controller.ts',
      'file examples/quickstart/src/app.module.ts',
      'file examples/quickstart/src/app.ts',
      'file examples/quickstart/src/list-articles.ts',
      'file examples/quickstart/src/openapi.ts',
      'excerpt examples/quickstart-cjs/tsconfig.json',
      'excerpt examples/quickstart-cjs/prisma/schema.prisma',
      'file examples/quickstart-cjs/src/main.ts',
      'file examples/quickstart-cjs/src/shop/shop.controllers.ts',
    ]);
  });

  for (const block of blocks) {
    it(`${block.path} is shown ${block.kind === 'file' ? 'verbatim' : 'in whole lines'}`, () => {
      const file = readFileSync(`${root}${block.path}`, 'utf8');
      if (block.kind === 'file') expect(block.body).toBe(file);
      else expect(`\n${file}`).toContain(`\n${block.body}`);
    });
  }
});

describe('docs/getting-started.md’s commands', () => {
  it('installs or names every required peer of @facet/nest and @facet/client', () => {
    const install = section('1. Install');
    const [commands = ''] = shellBlocks(install);
    const installed = commands
      .split('\n')
      .filter((line) => line.startsWith('npm install '))
      .flatMap((line) => line.slice('npm install '.length).split(/\s+/));
    expect(installed).toEqual(expect.arrayContaining(['@facet/nest', '@facet/client']));
    for (const peer of [...requiredPeers(manifest('nest')), ...requiredPeers(manifest('client'))]) {
      // Installed by the command, or named in the text as what a Nest app already has.
      expect(installed.includes(peer) || install.includes(`\`${peer}\``), peer).toBe(true);
    }
  });

  it('installs the schema engine facet-ddl needs, at the version @facet/nest names', () => {
    const nest = manifest('nest');
    const ddl = shellBlocks(guide).find((body) => body.includes('npx facet-ddl')) ?? '';
    expect(ddl).toContain(
      `@prisma/schema-engine-wasm@${nest.peerDependencies['@prisma/schema-engine-wasm']} @prisma/driver-adapter-utils`,
    );
    expect(nest.bin).toHaveProperty('facet-ddl');
  });
});

describe('docs/getting-started.md’s curl commands, sent to the quickstart', () => {
  let app: INestApplication;
  let origin: string;
  beforeAll(async () => {
    app = await createApp();
    origin = await listenApp(app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const tryIt = shellBlocks(section('5. Serve the routes')).find((body) => body.includes('curl ')) ?? '';
  const commands = tryIt.replaceAll('\\\n', ' ').split('\n').filter(Boolean);

  it('are there', () => {
    expect(commands.length).toBeGreaterThanOrEqual(5);
    // The guide's URLs name the port the quickstart's main.ts listens on by default.
    expect(readFileSync(`${root}examples/quickstart/src/main.ts`, 'utf8')).toContain(
      'process.env.PORT ?? 3001',
    );
  });

  for (const command of commands) {
    it(command, async () => {
      const url = /'(http:\/\/localhost:3001\/[^']+)'/.exec(command)?.[1];
      const header = /-H '([^:]+): ([^']+)'/.exec(command);
      expect(url, command).toBeDefined();
      const response = await fetch(`${url}`.replace('http://localhost:3001', origin), {
        headers: header ? { [header[1] as string]: header[2] as string } : {},
      });
      const expected = Number(/#\s*(\d{3})\b/.exec(command)?.[1] ?? 200);
      expect(response.status, command).toBe(expected);
      const body = (await response.json()) as unknown;
      // What the comment promises of the answer, where it quotes it.
      const quoted = /# .*?("\w+": \S+)/.exec(command)?.[1];
      if (quoted !== undefined) expect(JSON.stringify(body).replaceAll(':', ': ')).toContain(quoted);
    });
  }
});
