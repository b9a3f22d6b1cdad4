import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Compiled to bench/dist/support/paths.js: the repository is three levels up.
const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

/** An absolute path from a repository-relative one. */
export function repoPath(relative: string): string {
  return join(repo, relative);
}
