// What a registry page shows of a packed package, checked by scripts/check-package.mjs on every tarball:
// links that work there (absolute, and naming files the repository has) and where the package comes
// from (`repository` with its `directory`, `homepage`, `bugs`).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BLOB_BASE, linkTargets, relativeLinks } from './pack-files.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The problems of a packed markdown file's links: relative ones, and links to repository files that do not exist. */
export function checkLinks(name, markdown) {
  const problems = relativeLinks(markdown).map(
    (link) => `${name}: relative link ${link}, dead on a registry page`,
  );
  for (const target of linkTargets(markdown)) {
    if (!target.startsWith(BLOB_BASE)) continue;
    const path = decodeURIComponent(target.slice(BLOB_BASE.length).replace(/[#?].*$/, ''));
    if (!existsSync(join(root, path))) problems.push(`${name}: ${target} names no file of the repository`);
  }
  return problems;
}

/** The problems of a manifest's provenance fields (what a registry page links to); `directory` is the package's folder in the repository. */
export function checkProvenance(manifest, directory) {
  const problems = [];
  const { repository, homepage, bugs } = manifest;
  const rootRepository = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).repository;
  if (repository?.type !== 'git' || typeof repository?.url !== 'string')
    problems.push('repository: needs { type: "git", url }');
  else if (repository.url !== rootRepository?.url)
    problems.push(`repository.url ${repository.url} is not the workspace's ${rootRepository?.url}`);
  if (repository?.directory !== directory) problems.push(`repository.directory must be "${directory}"`);
  if (typeof homepage !== 'string' || !homepage.startsWith('https://') || !homepage.includes(directory))
    problems.push(`homepage must be an https URL of ${directory}`);
  if (typeof bugs?.url !== 'string' || !bugs.url.startsWith('https://'))
    problems.push('bugs.url must be an https URL');
  return problems;
}
