// The baseline build of `npm run bench -- --against <git-ref>`: a detached worktree of the ref in a
// temporary folder, its node_modules, and its own build of the packages and the example server.
import { execFileSync, spawn } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

function git(repo, args) {
  return execFileSync('git', ['-C', repo, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed in ${cwd} (${code})`)),
    );
  });
}

/**
 * Gives `target` the dependencies of `source`'s node_modules without copying them: third-party
 * packages are links to the source's own folders (one copy of each, so both builds run the same
 * Prisma, Nest and pg code), while the workspace links (`@facet/nest` → `../../packages/nest`) are
 * relative and so are recreated as they are, pointing into `target`'s packages: the baseline's
 * `@facet/nest` is the baseline's build. Only valid when both lock files are identical.
 */
export function linkNodeModules(source, target) {
  const link = (from, to) => {
    const stat = lstatSync(from);
    if (stat.isSymbolicLink() && !isAbsolute(readlinkSync(from))) {
      symlinkSync(readlinkSync(from), to);
    } else if (stat.isDirectory() && !stat.isSymbolicLink() && from.split('/').pop().startsWith('@')) {
      // A scope (`@facet`, `@nestjs`): a folder of its own, so its workspace links stay relative.
      mkdirSync(to);
      for (const name of readdirSync(from)) link(join(from, name), join(to, name));
    } else {
      symlinkSync(from, to);
    }
  };
  mkdirSync(target);
  for (const name of readdirSync(source)) link(join(source, name), join(target, name));
}

/**
 * Checks out `ref` into a temporary worktree and builds it. Dependencies come from the current
 * checkout's node_modules when the two package-lock.json files are identical (seconds); otherwise
 * `npm ci` installs the ref's own (minutes). `dispose` removes the worktree and its folder.
 */
export async function prepareBaseline(repo, ref) {
  const sha = git(repo, ['rev-parse', '--verify', `${ref}^{commit}`]);
  const dir = mkdtempSync(join(tmpdir(), 'facet-bench-baseline-'));
  const root = join(dir, 'repo');
  git(repo, ['worktree', 'add', '--detach', root, sha]);
  const dispose = () => {
    try {
      git(repo, ['worktree', 'remove', '--force', root]);
    } catch {
      // Already gone: prune forgets it below.
    }
    rmSync(dir, { recursive: true, force: true });
    git(repo, ['worktree', 'prune']);
  };
  try {
    const sameLock =
      readFileSync(join(repo, 'package-lock.json'), 'utf8') ===
      readFileSync(join(root, 'package-lock.json'), 'utf8');
    if (sameLock) {
      process.stdout.write(
        `[bench] baseline ${ref} (${sha.slice(0, 10)}): same lock file, linking node_modules\n`,
      );
      linkNodeModules(join(repo, 'node_modules'), join(root, 'node_modules'));
    } else {
      process.stdout.write(`[bench] baseline ${ref} (${sha.slice(0, 10)}): other lock file, npm ci...\n`);
      await run('npm', ['ci', '--no-audit', '--no-fund'], root);
    }
    // The ref's own build steps: the packages, the example's Prisma client, server and page.
    process.stdout.write(`[bench] building the baseline in ${root}...\n`);
    await run(
      process.execPath,
      [join(root, 'examples/library/scripts/build.mjs')],
      join(root, 'examples/library'),
    );
    return { root, sha, dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
