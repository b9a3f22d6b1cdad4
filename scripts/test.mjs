// The one test command (`npm test`): every step must pass, in this order.
// Build first, because the dual-build smoke tests, the packaging checks and the example app
// consume what ships (dist/). Each step prints its own output; the last line sums them up.
import { spawnSync } from 'node:child_process';

const steps = [
  ['build packages', 'npm run build'],
  // Reads the .d.ts just built: a change to a package's public API must come with its updated report.
  ['API reports', 'npm run api:check'],
  ['lint and format', 'npx biome check .'],
  // Test files import Prisma clients generated into gitignored folders, so generate before typechecking.
  ['prepare test fixtures', 'npm run test:prepare --workspaces --if-present'],
  ['typecheck', 'npm run typecheck'],
  ['unit and integration tests', 'npx vitest run'],
  // On its own, after the rest: its latencies and heap figures need the CPU to themselves.
  ['load suite', 'npm run test:load -w facet-example-library'],
  ['packaging checks', 'npm run check:packages'],
];

let passed = 0;
let failed = 0;
for (const [name, command] of steps) {
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status === 0) {
    passed++;
    console.log(`=== ${name}: ok (${seconds}s)`);
  } else {
    failed++;
    console.log(`=== ${name}: FAILED with exit code ${result.status} (${seconds}s)`);
    break;
  }
}
console.log(`\nsteps: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
