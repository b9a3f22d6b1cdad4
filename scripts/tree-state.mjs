// What `npm test` leaves behind: the run compares the working tree at its end with its start, so a
// test that rewrites a tracked file (a screenshot, a report, a snapshot) or leaves a file git does not
// ignore fails the run instead of turning up in the next commit.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each path git reports as changed or untracked (not ignored), with its status and a hash of its
 * content, so a file that was already modified and is modified again is seen too.
 * @param {string} root the repository's top folder
 * @returns {Map<string, string> | null} null outside a git checkout
 */
export function treeState(root) {
  const status = spawnSync(
    'git',
    ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (status.status !== 0) return null;
  const state = new Map();
  for (const entry of status.stdout.split('\0').filter(Boolean)) {
    const path = entry.slice(3);
    const file = join(root, path);
    const content = existsSync(file)
      ? createHash('sha1').update(readFileSync(file)).digest('hex')
      : 'deleted';
    state.set(path, `${entry.slice(0, 2)} ${content}`);
  }
  return state;
}

/**
 * The paths whose state differs between two snapshots, each with what happened to it.
 * @param {Map<string, string>} before
 * @param {Map<string, string>} after
 */
export function treeChanges(before, after) {
  return [...new Set([...before.keys(), ...after.keys()])]
    .filter((path) => before.get(path) !== after.get(path))
    .sort()
    .map((path) => {
      const now = after.get(path);
      if (now === undefined) return `${path}: restored or removed by the run`;
      if (!before.has(path) && now.startsWith('??')) return `${path}: left behind (untracked, not ignored)`;
      return `${path}: ${now.endsWith(' deleted') ? 'deleted' : 'changed'} by the run`;
    });
}
