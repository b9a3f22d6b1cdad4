// Builds the package in the current directory as dual ESM + CJS with one source tree.
// ESM: tsconfig.build.json as written (NodeNext). CJS: the same files re-emitted as CommonJS into
// dist/cjs, which gets its own {"type":"commonjs"} marker so Node reads the .js files as CJS.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');
const cwd = process.cwd();

rmSync(join(cwd, 'dist'), { recursive: true, force: true });
const run = (args) => execFileSync(process.execPath, [tsc, ...args], { stdio: 'inherit', cwd });
run(['-p', 'tsconfig.build.json', '--outDir', 'dist/esm']);
run([
  '-p',
  'tsconfig.build.json',
  '--outDir',
  'dist/cjs',
  '--module',
  'commonjs',
  '--moduleResolution',
  'bundler',
]);
mkdirSync(join(cwd, 'dist/cjs'), { recursive: true });
writeFileSync(join(cwd, 'dist/cjs/package.json'), '{"type":"commonjs"}\n');
