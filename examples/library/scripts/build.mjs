// Builds what the example needs, skipping every step that is up to date:
//   1. the workspace packages' dist (core first; client and nest depend on it),
//   2. the Prisma client (src/generated, gitignored),
//   3. the server (tsc: Nest needs decorator metadata, which esbuild does not emit),
//   4. the web page (esbuild).
// Flag --generate-only runs step 2 alone (typecheck and test:prepare need the generated client; the
// tests bundle the web page themselves, from the packages' sources).
import { spawn } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClient } from '../../../scripts/prisma/generate-client.mjs';
import { isStale } from './freshness.mjs';
import { bundleWeb } from './web-bundle.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const repo = join(root, '../..');
const require = createRequire(import.meta.url);

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [command, ...args], { cwd, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code})`)),
    );
  });
}

async function step(name, stale, work) {
  if (!stale) return;
  const started = Date.now();
  process.stdout.write(`[library] ${name}...\n`);
  await work();
  process.stdout.write(`[library] ${name}: done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
}

/**
 * Dates `stamp` to when its build started, not when it ended: a source saved while the build was
 * running is then newer than the stamp, and the next start rebuilds instead of trusting a stale dist.
 */
async function stampedBuild(stamp, work) {
  const started = new Date();
  await work();
  utimesSync(stamp, started, started);
}

function buildPackage(name) {
  const dir = join(repo, 'packages', name);
  const stamp = join(dir, 'dist/cjs/package.json');
  return step(
    `build @facet/${name}`,
    isStale(stamp, [join(dir, 'src'), join(dir, 'tsconfig.build.json')]),
    () => stampedBuild(stamp, () => run(join(repo, 'scripts/build-package.mjs'), [], dir)),
  );
}

export async function buildPackages() {
  await buildPackage('core');
  // Two independent tsc pairs: on two cores running them side by side halves the cold start.
  await Promise.all([buildPackage('client'), buildPackage('nest')]);
}

export async function generatePrismaClient() {
  const client = join(root, 'src/generated/prisma/client.ts');
  await step('prisma generate', isStale(client, [join(root, 'prisma/schema.prisma')]), async () => {
    generateClient(join(root, 'prisma/schema.prisma'), { cwd: root });
    // Unchanged output keeps old mtimes; touch the entry point so the next check sees it as fresh.
    const now = new Date();
    utimesSync(client, now, now);
  });
}

export async function buildServer() {
  const stamp = join(root, 'dist/.tsbuildinfo');
  await step(
    'compile server (tsc)',
    isStale(stamp, [join(root, 'src'), join(root, 'tsconfig.build.json'), join(root, 'src/generated')]),
    // Type errors are the typecheck step's job; --noCheck keeps the start fast and still emits
    // decorator metadata from the full program.
    () =>
      stampedBuild(stamp, () =>
        run(require.resolve('typescript/bin/tsc'), ['-p', 'tsconfig.build.json', '--noCheck'], root),
      ),
  );
}

export async function buildWeb() {
  await step(
    'bundle web page (esbuild)',
    isStale(join(root, 'dist/web/app.js'), [
      join(root, 'web'),
      join(repo, 'packages/client/dist/esm'),
      join(repo, 'packages/core/dist/esm'),
    ]),
    () => bundleWeb({ outdir: join(root, 'dist/web') }),
  );
}

export async function buildAll() {
  await buildPackages();
  await generatePrismaClient();
  await Promise.all([buildServer(), buildWeb()]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--generate-only')) {
    await generatePrismaClient();
  } else {
    await buildAll();
  }
}
