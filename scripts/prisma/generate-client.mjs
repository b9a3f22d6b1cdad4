// Runs `prisma generate` for one schema file. The Prisma CLI refuses to start until
// PRISMA_SCHEMA_ENGINE_BINARY names an existing file, even though `generate` never runs the
// schema engine; this machine has no engine binary, so it gets /dev/null unless one is set.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Generates the Prisma client a schema's generator block describes.
 *
 * @param {string} schemaPath path of a `.prisma` file
 * @param {{ cwd?: string }} [options]
 */
export function generateClient(schemaPath, options = {}) {
  const cli = require.resolve('prisma/build/index.js');
  execFileSync(process.execPath, [cli, 'generate', '--schema', schemaPath], {
    cwd: options.cwd,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? '/dev/null',
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
}
