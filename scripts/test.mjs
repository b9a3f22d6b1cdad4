// The one test command (`npm test`): every step must pass, in this order.
// Lint first: it needs nothing built and fails in seconds. Then build, because the dual-build smoke
// tests, the packaging checks and the example app consume what ships (dist/). The packages are packed
// once, from that build, into a temporary folder every later step finds in FACET_PACK_DIR. Last, the
// working tree must be as the run found it: a test that rewrites a tracked file, or leaves one git
// does not ignore, fails the run. Each step prints its own output; the last line sums them up.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { treeChanges, treeState } from './tree-state.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const before = treeState(root);

function treeUnchanged() {
  const after = treeState(root);
  if (before === null || after === null) {
    console.log('not a git checkout: nothing to compare');
    return true;
  }
  const changes = treeChanges(before, after);
  for (const change of changes) console.log(`  ${change}`);
  if (changes.length) console.log('write to a temporary folder, or gitignore what the step writes');
  return changes.length === 0;
}

const packDir = mkdtempSync(join(tmpdir(), 'facet-pack-'));
const env = { ...process.env, FACET_PACK_DIR: packDir };

const steps = [
  ['lint and format', 'npx biome check .'],
  ['build packages', 'npm run build'],
  // Reads the .d.ts just built: a change to a package's public API must come with its updated report.
  ['API reports', 'npm run api:check'],
  // From the build above (no second build through `prepack`); the packaging checks read these.
  ['pack packages', 'node scripts/pack-packages.mjs --no-build'],
  // Test files import Prisma clients generated into gitignored folders, so generate before typechecking.
  ['prepare test fixtures', 'npm run test:prepare --workspaces --if-present'],
  ['typecheck', 'npm run typecheck'],
  ['unit and integration tests', 'npx vitest run'],
  // On its own, after the rest: its latencies and heap figures need the CPU to themselves.
  ['load suite', 'npm run test:load -w facet-example-library'],
  // Also alone: it times what the relation-filter budget accepts on 600,000 generated rows.
  ['large-dataset suite', 'npm run test:large -w facet-example-library'],
  ['packaging checks', 'npm run check:packages'],
  // The bottom of every peer range, from the registry into a temporary folder (scripts/floors/).
  ['lowest supported versions', 'node scripts/floors/run.mjs'],
  ['working tree unchanged', treeUnchanged],
];

let passed = 0;
let failed = 0;
const times = [];
try {
  for (const [name, command] of steps) {
    const label = typeof command === 'string' ? command : 'git status, compared with the start';
    console.log(`\n=== ${name}: ${label}`);
    const started = Date.now();
    const status =
      typeof command === 'string'
        ? spawnSync(command, { shell: true, stdio: 'inherit', env, cwd: root }).status
        : command()
          ? 0
          : 1;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    times.push(`${name} ${seconds}s`);
    if (status === 0) {
      passed++;
      console.log(`=== ${name}: ok (${seconds}s)`);
    } else {
      failed++;
      console.log(`=== ${name}: FAILED with exit code ${status} (${seconds}s)`);
      break;
    }
  }
} finally {
  rmSync(packDir, { recursive: true, force: true });
}
console.log(`\nstep times: ${times.join(', ')}`);
console.log(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
