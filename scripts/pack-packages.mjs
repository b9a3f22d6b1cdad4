// Packs the three published packages once, in one `npm pack`, into the folder FACET_PACK_DIR names:
// `npm test` packs here after its build and every later step that wants what npm would publish
// (the packaging checks, scripts/check-package.mjs) reads these tarballs instead of packing again.
//   node scripts/pack-packages.mjs             packs, each package's `prepack` building it first
//   node scripts/pack-packages.mjs --no-build  packs the dist/ already built (what `npm test` does)
// Either way each tarball gets what scripts/pack-files.mjs adds (absolute README links, the CHANGELOG):
// through the packages' prepack/postpack, or, with --ignore-scripts, from here.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepare, restore } from './pack-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const PACKED = ['core', 'client', 'nest'];

/** Where npm writes a package's tarball: `@facet/core` 0.1.0 → `<dir>/facet-core-0.1.0.tgz`. */
export function tarballPath(dir, packageDir) {
  const { name, version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return join(dir, `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`);
}

/** Packs every package into `dir`; returns false when npm fails. */
export function packPackages(dir, { build = true } = {}) {
  mkdirSync(dir, { recursive: true });
  const workspaces = PACKED.flatMap((name) => ['-w', `packages/${name}`]);
  const args = ['pack', ...workspaces, '--pack-destination', dir, '--loglevel', 'warn'];
  const dirs = PACKED.map((name) => join(root, 'packages', name));
  if (!build) {
    args.push('--ignore-scripts');
    dirs.forEach(prepare);
  }
  let result;
  try {
    result = spawnSync('npm', args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  } finally {
    if (!build) dirs.forEach(restore);
  }
  if (result.status !== 0) return false;
  return PACKED.every((name) => existsSync(tarballPath(dir, join(root, 'packages', name))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.env.FACET_PACK_DIR;
  if (!dir) {
    console.error('pack-packages: set FACET_PACK_DIR to the folder the tarballs go to');
    process.exit(2);
  }
  const ok = packPackages(dir, { build: !process.argv.includes('--no-build') });
  console.log(ok ? `packed ${PACKED.map((name) => `@facet/${name}`).join(', ')} into ${dir}` : 'pack failed');
  process.exit(ok ? 0 : 1);
}
