// `npm start` (root or examples/library): build whatever is missing or stale, then serve.
// Every build step is skipped when its output is newer than its inputs, so a warm start only pays
// for opening the persisted PGlite directory and booting Nest.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAll } from './build.mjs';

const started = Date.now();
await buildAll();
process.stdout.write(`[library] build checks done in ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
const main = join(dirname(fileURLToPath(import.meta.url)), '../dist/main.js');
await import(pathToFileURL(main).href);
