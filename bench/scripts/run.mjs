// `npm run bench`: builds what the suite needs (skipping fresh steps), then runs it.
//   1. the workspace packages and the example server (the example's own build steps),
//   2. two Prisma clients of the example's schema for the bench: `plain` (as the example generates
//      it) and `joins` (with the relationJoins preview feature, for relationLoadStrategy),
//   3. the bench itself (tsc: the Nest baselines need decorator metadata, which esbuild does not emit).
// Flags: --build-only stops after step 3; --against <git-ref> (or --against=<git-ref>) then builds
// that ref in a temporary worktree (scripts/baseline.mjs) and runs src/against.ts, which compares
// the two builds instead of writing the report; every other argument goes to the suite (see
// src/main.ts, src/against.ts).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackages, buildServer, generatePrismaClient } from '../../examples/library/scripts/build.mjs';
import { isStale } from '../../examples/library/scripts/freshness.mjs';
import { generateClient } from '../../scripts/prisma/generate-client.mjs';
import { prepareBaseline } from './baseline.mjs';

const bench = join(dirname(fileURLToPath(import.meta.url)), '..');
const exampleSchema = join(bench, '../examples/library/prisma/schema.prisma');
const require = createRequire(import.meta.url);

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [command, ...args], { cwd: bench, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${code})`)),
    );
  });
}

/** The example's schema with another output folder and, optionally, preview features. */
function benchSchema(name, previewFeatures) {
  // The example's own preview features are replaced by the ones asked for here.
  const source = readFileSync(exampleSchema, 'utf8').replace(/^\s*previewFeatures\s*=.*\n/m, '');
  const output = `../src/generated/${name}`;
  const generator = source.replace(/output\s*=\s*"[^"]*"/, () => {
    const preview = previewFeatures.length ? `\n  previewFeatures = ${JSON.stringify(previewFeatures)}` : '';
    return `output = "${output}"${preview}`;
  });
  if (generator === source) throw new Error('bench: the example schema has no generator output line');
  return generator;
}

async function generateBenchClient(name, previewFeatures) {
  const client = join(bench, `src/generated/${name}/client.ts`);
  if (!isStale(client, [exampleSchema, fileURLToPath(import.meta.url)])) return;
  const dir = join(bench, '.prisma');
  mkdirSync(dir, { recursive: true });
  const schemaPath = join(dir, `${name}.prisma`);
  writeFileSync(schemaPath, benchSchema(name, previewFeatures));
  process.stdout.write(`[bench] prisma generate (${name})...\n`);
  generateClient(schemaPath, { cwd: bench });
  // Unchanged output keeps old mtimes; touch the entry point so the next check sees it as fresh.
  const now = new Date();
  utimesSync(client, now, now);
}

const started = Date.now();
await buildPackages();
await generatePrismaClient();
await buildServer();
await generateBenchClient('plain', []);
await generateBenchClient('joins', ['relationJoins']);
process.stdout.write('[bench] compile bench (tsc)...\n');
await run(require.resolve('typescript/bin/tsc'), ['-p', 'tsconfig.build.json', '--noCheck']);
process.stdout.write(`[bench] build checks done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);

/** The ref of `--against <ref>` / `--against=<ref>`, and the other arguments. */
function againstRef(args) {
  const rest = [];
  let ref;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--against') ref = args[++i] ?? '';
    else if (args[i].startsWith('--against=')) ref = args[i].slice('--against='.length);
    else rest.push(args[i]);
  }
  if (ref === '') throw new Error('bench: --against needs a git ref');
  return { ref, rest };
}

const { ref, rest } = againstRef(process.argv.slice(2));
if (rest.includes('--build-only')) {
  // Built; nothing to run.
} else if (ref === undefined) {
  await run(join(bench, 'dist/main.js'), rest);
} else {
  const baseline = await prepareBaseline(join(bench, '..'), ref);
  try {
    await run(join(bench, 'dist/against.js'), [
      ...rest,
      `--baseline=${baseline.root}`,
      `--ref=${ref}@${baseline.sha.slice(0, 10)}`,
    ]);
  } finally {
    baseline.dispose();
  }
}
