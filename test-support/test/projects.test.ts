// Every vitest project applies the shared fast-check seed, and no test picks its own: a property
// failure in CI must be replayable from the one seed the run printed.
import { readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UserWorkspaceConfig } from 'vitest/config';
import rootConfig from '../../vitest.config.js';
import { FAST_CHECK_BANNER, FAST_CHECK_SETUP } from '../../vitest.shared.js';
import { DEFAULT_FC_SEED, fastCheckSeed, seedBanner, useFastCheckSeed } from '../src/fast-check.mjs';
import { root, workspaceFiles } from './workspace-files.js';

/** The config file of each project the root config lists, plus the load and large-dataset suites'. */
const projectFiles = [
  ...((rootConfig.test?.projects ?? []) as string[]).map((project) =>
    project.endsWith('.ts') ? project : `${project}/vitest.config.ts`,
  ),
  'examples/library/vitest.load.config.ts',
  'examples/library/vitest.large.config.ts',
];

describe('vitest projects', () => {
  it('lists every vitest config of the workspace', () => {
    const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { workspaces: string[] };
    const configs = manifest.workspaces.flatMap((workspace) =>
      readdirSync(`${root}${workspace}`)
        .filter((file) => /^vitest\..*\.ts$/.test(file))
        .map((file) => `${workspace}/${file}`),
    );
    expect([...projectFiles].sort()).toEqual(configs.sort());
  });

  it.each(projectFiles)('%s applies the shared fast-check seed', async (file) => {
    const config = (await import(pathToFileURL(`${root}${file}`).href)).default as UserWorkspaceConfig;
    expect(config.test?.setupFiles).toContain(FAST_CHECK_SETUP);
    expect(config.test?.globalSetup).toContain(FAST_CHECK_BANNER);
  });
});

describe('property tests', () => {
  const usingFastCheck = workspaceFiles.filter(({ text }) => /from 'fast-check'/.test(text));

  it('finds the property tests', () => {
    expect(usingFastCheck.length).toBeGreaterThan(10);
  });

  it('no test picks its own seed or reads FC_SEED: the shared setup does', () => {
    const own = usingFastCheck.filter(({ path, text }) => {
      // Code only: a comment may say where the seed comes from.
      const code = text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, '');
      return /FC_SEED|\bseed\s*:|configureGlobal/.test(code) && !path.endsWith('projects.test.ts');
    });
    expect(own.map(({ path }) => relative(root, path))).toEqual([]);
  });

  it('this worker runs with the run seed', () => {
    expect(fc.readConfigureGlobal().seed).toBe(fastCheckSeed());
  });
});

describe('fastCheckSeed', () => {
  it('is the fixed default without FC_SEED, and FC_SEED when set', () => {
    expect(fastCheckSeed({})).toBe(DEFAULT_FC_SEED);
    expect(fastCheckSeed({ FC_SEED: '' })).toBe(DEFAULT_FC_SEED);
    expect(fastCheckSeed({ FC_SEED: '-1849351025' })).toBe(-1849351025);
    expect(seedBanner({})).toMatch(`fast-check seed ${DEFAULT_FC_SEED} (the default`);
    expect(seedBanner({ FC_SEED: '42' })).toMatch('fast-check seed 42 (from FC_SEED)');
  });

  it.each(['abc', '1.5', '4294967296', '0x'])(
    'refuses FC_SEED=%s instead of running another seed',
    (text) => {
      expect(() => fastCheckSeed({ FC_SEED: text })).toThrow(/FC_SEED must be a 32-bit integer/);
    },
  );

  it('replays: the same seed draws the same cases', () => {
    const draw = () => {
      const seen: string[] = [];
      fc.assert(
        fc.property(fc.string(), (text) => {
          seen.push(text);
        }),
        { numRuns: 20 },
      );
      return seen;
    };
    const before = fc.readConfigureGlobal();
    try {
      useFastCheckSeed({ FC_SEED: '7' });
      const first = draw();
      expect(draw()).toEqual(first);
      useFastCheckSeed({ FC_SEED: '8' });
      expect(draw()).not.toEqual(first);
    } finally {
      fc.configureGlobal(before);
    }
  });
});
