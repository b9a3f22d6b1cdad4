// What a package's tarball carries beyond its own folder, applied around `npm pack` and undone after:
//   - README.md with every relative link made absolute (a registry page cannot follow `../../docs`);
//     the repository keeps its relative links, which work on GitHub and in an editor;
//   - CHANGELOG.md, a copy of the root one (one changelog for the three packages, released together);
//   - getting-started.md, a copy of docs/getting-started.md (the guide every README starts from), so the
//     guide is in every tarball as well as linked from the package page.
// Every copied document gets absolute links too (SHIPPED_DOCUMENTS says what is copied from where).
// A package's `prepack`/`postpack` run it (`npm pack`, `npm publish`); scripts/pack-packages.mjs runs
// it itself when it packs with --ignore-scripts.
//   node ../../scripts/pack-files.mjs prepare|restore   (in a package folder)
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where relative links of a packed README point: the repository's main branch. */
export const BLOB_BASE = 'https://github.com/facet-dev/facet/blob/main/';

const BACKUP = '.README.repository.md';

// Inline links and images `](target)`, reference definitions `[label]: target`, HTML href/src.
const LINK_PATTERNS = [/(\]\()([^)\s]+)/g, /^( {0,3}\[[^\]]+\]:\s*)(\S+)/gm, /(\b(?:href|src)=")([^"]+)/g];

const isRelative = (target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#');

/** Applies `replace` to every link target outside fenced code blocks. */
function mapLinks(markdown, replace) {
  return markdown
    .split(/(^```[^\n]*\n[\s\S]*?^```)/m)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : LINK_PATTERNS.reduce(
            (text, pattern) => text.replace(pattern, (_, lead, target) => lead + replace(target)),
            part,
          ),
    )
    .join('');
}

/** Every link target of a markdown text, outside fenced code blocks. */
export function linkTargets(markdown) {
  const found = [];
  mapLinks(markdown, (target) => {
    found.push(target);
    return target;
  });
  return found;
}

/** The relative link targets of a markdown text (what a registry page would show as dead links). */
export function relativeLinks(markdown) {
  const found = [];
  mapLinks(markdown, (target) => {
    if (isRelative(target)) found.push(target);
    return target;
  });
  return found;
}

/** `markdown` of the file at `fromDir` (a path inside the repository) with absolute links. */
export function absoluteLinks(markdown, fromDir) {
  return mapLinks(markdown, (target) => {
    if (!isRelative(target)) return target;
    const [, path, rest] = /^([^#?]*)(.*)$/.exec(target);
    const resolved = path.startsWith('/') ? path.slice(1) : posix.join(fromDir, path);
    if (resolved.startsWith('..')) throw new Error(`${target} leaves the repository`);
    return BLOB_BASE + resolved + rest;
  });
}

/** The documents of the repository every tarball carries: name in the tarball → path in the repository. */
export const SHIPPED_DOCUMENTS = {
  'CHANGELOG.md': 'CHANGELOG.md',
  'getting-started.md': 'docs/getting-started.md',
};

export function prepare(packageDir) {
  restore(packageDir);
  const readme = join(packageDir, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const fromDir = relative(root, packageDir).split('\\').join('/');
  renameSync(readme, join(packageDir, BACKUP));
  writeFileSync(readme, absoluteLinks(text, fromDir));
  for (const [name, source] of Object.entries(SHIPPED_DOCUMENTS)) {
    const document = readFileSync(join(root, source), 'utf8');
    writeFileSync(join(packageDir, name), absoluteLinks(document, posix.dirname(source)));
  }
}

export function restore(packageDir) {
  const backup = join(packageDir, BACKUP);
  if (existsSync(backup)) renameSync(backup, join(packageDir, 'README.md'));
  for (const name of Object.keys(SHIPPED_DOCUMENTS)) rmSync(join(packageDir, name), { force: true });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [command] = process.argv.slice(2);
  if (command === 'prepare') prepare(process.cwd());
  else if (command === 'restore') restore(process.cwd());
  else {
    console.error('usage: node scripts/pack-files.mjs prepare|restore');
    process.exit(2);
  }
}
