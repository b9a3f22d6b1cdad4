// The last step of `npm test` (scripts/tree-state.mjs), on a real git repository: it must see a
// rewritten tracked file and a left-behind one, and nothing that .gitignore covers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { treeChanges, treeState } from '../../scripts/tree-state.mjs';

describe('treeState and treeChanges', () => {
  let repo: string;
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
  const write = (path: string, text: string) => writeFileSync(join(repo, path), text);
  const snapshot = () => treeState(repo) as Map<string, string>;

  beforeEach(() => {
    repo = mkdtempSync(join(tmpdir(), 'facet-tree-state-'));
    git('init', '-q');
    write('.gitignore', 'dist/\n');
    write('screenshot.png', 'one');
    write('notes.md', 'draft');
    git('add', '.gitignore', 'screenshot.png', 'notes.md');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.test', 'commit', '-q', '-m', 'start');
  });
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('is empty on a clean tree and when only ignored files appear', () => {
    const before = snapshot();
    expect(before.size).toBe(0);
    execFileSync('mkdir', ['-p', join(repo, 'dist')]);
    write('dist/out.js', 'built');
    expect(treeChanges(before, snapshot())).toEqual([]);
  });

  it('names a rewritten tracked file, a deleted one and a new untracked one', () => {
    const before = snapshot();
    write('screenshot.png', 'two');
    unlinkSync(join(repo, 'notes.md'));
    write('report.txt', 'left');
    expect(treeChanges(before, snapshot())).toEqual([
      'notes.md: deleted by the run',
      'report.txt: left behind (untracked, not ignored)',
      'screenshot.png: changed by the run',
    ]);
  });

  it('sees a file that was already modified when the run began and is modified again', () => {
    write('notes.md', 'edited before the run');
    const before = snapshot();
    expect(treeChanges(before, snapshot())).toEqual([]);
    write('notes.md', 'edited by the run');
    expect(treeChanges(before, snapshot())).toEqual(['notes.md: changed by the run']);
  });

  it('is null outside a git checkout', () => {
    const plain = mkdtempSync(join(tmpdir(), 'facet-no-git-'));
    try {
      expect(treeState(plain)).toBeNull();
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
