// mtime-based staleness checks, so a warm `npm start` skips every build step that is up to date.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// Inside the folders given, these never feed a build (a folder given explicitly is always read).
const SKIP = /^(node_modules|dist|generated)$|\.test\.tsx?$/;

/** Newest modification time under `paths` (files or folders). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const entry of readdirSync(path)) if (!SKIP.test(entry)) visit(join(path, entry));
  };
  for (const path of paths) visit(path);
  return newest;
}

/** True when `output` is missing or older than anything in `inputs`. */
export function isStale(output, inputs) {
  if (!existsSync(output)) return true;
  return statSync(output).mtimeMs < newestMtime(inputs);
}
