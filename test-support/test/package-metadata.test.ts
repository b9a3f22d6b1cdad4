// The checks scripts/check-package.mjs makes of every tarball's manifest and documents
// (scripts/package-metadata.mjs): each passes what the packages ship and fails what a registry page
// would show broken.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { absoluteLinks, SHIPPED_DOCUMENTS } from '../../scripts/pack-files.mjs';
import { checkLinks, checkProvenance } from '../../scripts/package-metadata.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PACKAGES = ['packages/core', 'packages/client', 'packages/nest'];
const manifest = (dir: string) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8'));

describe('provenance of a published manifest', () => {
  it.each(PACKAGES)('%s says where it comes from', (dir) => {
    expect(checkProvenance(manifest(dir), dir)).toEqual([]);
  });

  it('refuses a manifest without repository directory, homepage or bugs', () => {
    const { repository, homepage: _homepage, bugs: _bugs, ...rest } = manifest('packages/core');
    const problems = checkProvenance(
      { ...rest, repository: { ...repository, directory: undefined } },
      'packages/core',
    );
    expect(problems).toHaveLength(3);
    expect(checkProvenance(manifest('packages/core'), 'packages/client')).not.toEqual([]);
  });
});

describe('links of the packed documents', () => {
  it.each(PACKAGES)('the README of %s, as packed, links only to files the repository has', (dir) => {
    const packed = absoluteLinks(readFileSync(join(root, dir, 'README.md'), 'utf8'), dir);
    expect(checkLinks('README.md', packed)).toEqual([]);
  });

  it.each(Object.entries(SHIPPED_DOCUMENTS))(
    '%s, copied from %s, links only to files the repository has',
    (name, source) => {
      const packed = absoluteLinks(readFileSync(join(root, source), 'utf8'), dirname(source));
      expect(checkLinks(name, packed)).toEqual([]);
    },
  );

  it('refuses a relative link and a link to a file the repository does not have', () => {
    const problems = checkLinks(
      'README.md',
      '[guide](../../docs/getting-started.md) [gone](https://github.com/facet-dev/facet/blob/main/docs/nowhere.md)',
    );
    expect(problems).toEqual([
      'README.md: relative link ../../docs/getting-started.md, dead on a registry page',
      'README.md: https://github.com/facet-dev/facet/blob/main/docs/nowhere.md names no file of the repository',
    ]);
  });
});
