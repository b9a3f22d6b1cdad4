// Checks what `npm publish` would upload for the package in the current directory (its `check:package`).
// It checks one tarball: the one scripts/pack-packages.mjs left in FACET_PACK_DIR when that is set
// (`npm test` packs every package once, from its own build), else one it packs itself (`npm pack`,
// which runs `prepack`, a fresh build). On that tarball:
//   1. its file list: package.json, README.md, CHANGELOG.md, LICENSE and every file `exports`/`main`/`module`/`types`
//      name must be there, and nothing from the tests (`*.test.ts`, `*.test-d.ts`, `test/`, build info);
//   2. its README.md and the documents scripts/pack-files.mjs copies in (CHANGELOG.md, getting-started.md)
//      have no relative link (dead on a registry page), and every link into the repository names a file
//      that exists, so the guides are reachable from the package page;
//   2b. its package.json says where the package comes from: `repository` (git, with the package's
//      `directory`), `homepage` and `bugs`, as a registry page shows them;
//   3. publint --strict, on the tarball;
//   4. attw --profile node16 (are the types wrong?), on the same tarball.
// Every check runs even when an earlier one fails, so one run shows every problem.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { SHIPPED_DOCUMENTS } from './pack-files.mjs';
import { tarballPath } from './pack-packages.mjs';
import { checkLinks, checkProvenance } from './package-metadata.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);

/** The files of a .tgz (path without tar's `package/` prefix → content). Plain ustar, as `npm pack` writes it. */
function readTarball(file) {
  const tar = gunzipSync(readFileSync(file));
  const entries = new Map();
  let offset = 0;
  while (offset + 512 <= tar.length && tar[offset] !== 0) {
    const field = (start, length) =>
      tar
        .subarray(offset + start, offset + start + length)
        .toString('utf8')
        .replace(/\0.*$/s, '');
    const name = field(0, 100);
    const prefix = field(345, 155);
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1);
    if (type === '0' || type === '')
      entries.set(
        (prefix ? `${prefix}/${name}` : name).replace(/^package\//, ''),
        tar.subarray(offset + 512, offset + 512 + size),
      );
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return entries;
}

/** Every file the manifest points at: the `exports` targets plus main, module and types. */
function manifestTargets(pkg) {
  const targets = new Set([pkg.main, pkg.module, pkg.types].filter(Boolean));
  const walk = (value) => {
    if (typeof value === 'string') targets.add(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(pkg.exports);
  return [...targets].map((target) => target.replace(/^\.\//, ''));
}

const FORBIDDEN = [
  [/(^|\/)(test|tests|__tests__|__fixtures__)\//, 'a test folder'],
  [/\.(test|spec)(-d)?\.[cm]?[jt]sx?$/, 'a test file'],
  [/\.tsbuildinfo$/, 'TypeScript build info'],
  [/(^|\/)\.env/, 'an environment file'],
];

/** The problems in a tarball's file list; empty when it is fit to publish. */
function checkFileList(files, pkg) {
  const problems = [];
  const shipped = new Set(files);
  const documents = Object.keys(SHIPPED_DOCUMENTS);
  for (const required of ['package.json', 'README.md', ...documents, 'LICENSE', ...manifestTargets(pkg)]) {
    if (!shipped.has(required)) problems.push(`missing ${required}`);
  }
  if (!files.some((file) => file.startsWith('dist/'))) problems.push('missing dist/');
  for (const file of files) {
    for (const [pattern, what] of FORBIDDEN) {
      if (pattern.test(file)) problems.push(`${file} is ${what}; add a "!…" pattern to "files"`);
    }
  }
  return problems;
}

function run(label, command, args, cwd) {
  console.log(`\n--- ${label}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  return result.status === 0;
}

const cwd = process.cwd();
const pkg = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
const packed = process.env.FACET_PACK_DIR;
const destination = packed ?? mkdtempSync(join(tmpdir(), 'facet-pack-'));
let failed = false;
try {
  let tarball;
  if (packed) {
    tarball = tarballPath(packed, cwd);
    if (!existsSync(tarball)) {
      console.error(`${tarball} is missing: FACET_PACK_DIR is set, so scripts/pack-packages.mjs packs first`);
      process.exit(1);
    }
    console.log(`\n--- ${pkg.name}: the tarball packed once for this run, ${tarball}`);
  } else {
    if (
      !run(
        `npm pack ${pkg.name} (prepack builds it)`,
        'npm',
        ['pack', '--pack-destination', destination, '--loglevel', 'warn'],
        cwd,
      )
    ) {
      process.exit(1);
    }
    tarball = join(
      destination,
      readdirSync(destination).find((file) => file.endsWith('.tgz')),
    );
  }

  console.log(`\n--- file list of ${tarball}`);
  const entries = readTarball(tarball);
  const files = [...entries.keys()];
  const problems = checkFileList(files, pkg);
  for (const problem of problems) console.log(`  ${problem}`);
  if (problems.length) failed = true;
  else {
    const src = files.filter((file) => file.startsWith('src/')).length;
    const dist = files.filter((file) => file.startsWith('dist/')).length;
    console.log(`  ok: ${files.length} files (${dist} in dist/, ${src} in src/ for the source maps),`);
    console.log('      README.md, LICENSE and every manifest target present, no test files');
  }

  const packedDocuments = ['README.md', ...Object.keys(SHIPPED_DOCUMENTS)];
  console.log(`\n--- links of the packed ${packedDocuments.join(', ')}`);
  const linkProblems = packedDocuments.flatMap((name) =>
    checkLinks(name, entries.get(name)?.toString('utf8') ?? ''),
  );
  for (const problem of linkProblems) console.log(`  ${problem}`);
  if (linkProblems.length) failed = true;
  else console.log('  ok: every link is absolute, and every link into the repository names a file of it');

  console.log('\n--- provenance in the packed package.json');
  const packedManifest = JSON.parse(entries.get('package.json')?.toString('utf8') ?? '{}');
  const provenance = checkProvenance(packedManifest, relative(root, cwd).split('\\').join('/'));
  for (const problem of provenance) console.log(`  ${problem}`);
  if (provenance.length) failed = true;
  else console.log('  ok: repository (with its directory), homepage and bugs');

  if (!run('publint --strict', bin('publint'), ['run', tarball, '--strict'], cwd)) failed = true;
  if (!run('attw --profile node16', bin('attw'), [tarball, '--profile', 'node16'], cwd)) failed = true;
} finally {
  // The run's shared tarballs are the runner's to remove.
  if (!packed) rmSync(destination, { recursive: true, force: true });
}
console.log(`\n${pkg.name}: ${failed ? 'FAILED' : 'ready to publish'}`);
process.exit(failed ? 1 : 0);
