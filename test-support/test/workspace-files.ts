// The source files the workspace checks read: every workspace but this one (whose src/ is where the
// shared helpers live), the root scripts, and this workspace's own tests. A workspace added to the root
// package.json is read the day it is added.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../../', import.meta.url));

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    if (['node_modules', 'dist', 'generated', '.data'].includes(entry)) continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry) && !entry.endsWith('.d.mts')) yield path;
  }
}

const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
};

/** Absolute paths, with each file's text. */
export const workspaceFiles: readonly { path: string; text: string }[] = [
  ...workspaces.filter((dir) => dir !== 'test-support'),
  'scripts',
  'test-support/test',
].flatMap((dir) => [...sources(join(root, dir))].map((path) => ({ path, text: readFileSync(path, 'utf8') })));
