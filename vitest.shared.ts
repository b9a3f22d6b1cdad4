// Tests run against the TypeScript sources of the workspace packages, so a change is tested without
// a build. What ships (dist/, both module formats) is checked separately by each package's
// dual-build smoke test and by `npm run check:packages`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';

const rootPath = (path: string) => fileURLToPath(new URL(`./${path}`, import.meta.url));

/** The packages whose entry points tests import by name. */
export const ALIASED_PACKAGES = ['core', 'client', 'nest'] as const;

interface Alias {
  readonly find: RegExp;
  readonly replacement: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * One alias per `exports` sub-path, read from the package's own manifest, so a new entry point is
 * tested from source the day it is added. An export whose ESM target is `./dist/esm/<x>.js` comes
 * from `src/<x>.ts` (scripts/build-package.mjs compiles src/ to dist/esm/ file for file); entries
 * that are not code (`./package.json`) are left to Node.
 */
function aliasesOf(dir: (typeof ALIASED_PACKAGES)[number]): Alias[] {
  const manifest = JSON.parse(readFileSync(rootPath(`packages/${dir}/package.json`), 'utf8')) as {
    name: string;
    exports: Record<string, string | { import?: { default?: string } }>;
  };
  const aliases: Alias[] = [];
  for (const [subPath, target] of Object.entries(manifest.exports)) {
    const esm = typeof target === 'string' ? target : target.import?.default;
    const source = esm?.match(/^\.\/dist\/esm\/(.+)\.js$/)?.[1];
    if (source === undefined) continue;
    const specifier = subPath === '.' ? manifest.name : `${manifest.name}/${subPath.replace(/^\.\//, '')}`;
    aliases.push({
      find: new RegExp(`^${escapeRegExp(specifier)}$`),
      replacement: rootPath(`packages/${dir}/src/${source}.ts`),
    });
  }
  return aliases;
}

export const workspaceAlias: Alias[] = ALIASED_PACKAGES.flatMap(aliasesOf);

/** Applies the run's fast-check seed in every worker (see test-support/src/fast-check.mjs). */
export const FAST_CHECK_SETUP = rootPath('test-support/src/fast-check-setup.mjs');
/** Prints the run's fast-check seed once. */
export const FAST_CHECK_BANNER = rootPath('test-support/src/fast-check-banner.mjs');

type ProjectTest = NonNullable<UserWorkspaceConfig['test']>;

/**
 * A vitest project of this workspace: the packages resolved to their sources and the shared
 * fast-check seed. test-support/test/projects.test.ts checks that every project is built by it.
 */
export function workspaceProject(test: ProjectTest, options: { alias?: boolean } = {}): UserWorkspaceConfig {
  return defineProject({
    ...(options.alias === false ? {} : { resolve: { alias: workspaceAlias } }),
    test: {
      ...test,
      setupFiles: [FAST_CHECK_SETUP, ...[test.setupFiles ?? []].flat()],
      globalSetup: [FAST_CHECK_BANNER, ...[test.globalSetup ?? []].flat()],
    },
  });
}
