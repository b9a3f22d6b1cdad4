// `generate`: the Prisma client of prisma/schema.prisma (skipped when it is newer than the schema).
// `ddl [--check]`: prisma/postgres.sql from the schema, with the workspace's WebAssembly schema engine.
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClient } from '../../../scripts/prisma/generate-client.mjs';
import { generateDdl } from '../../../scripts/prisma/generate-ddl.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schema = join(root, 'prisma/schema.prisma');
const [command] = process.argv.slice(2);

if (command === 'generate') {
  const client = join(root, 'src/generated/prisma/client.ts');
  if (!existsSync(client) || statSync(client).mtimeMs < statSync(schema).mtimeMs) {
    generateClient(schema, { cwd: root });
  }
} else if (command === 'ddl') {
  const out = join(root, 'prisma/postgres.sql');
  const header = '-- Generated from prisma/schema.prisma by scripts/prisma.mjs. Do not edit by hand.\n';
  const ddl = `${header}${(await generateDdl(schema, 'postgresql')).trim()}\n`;
  if (process.argv.includes('--check')) {
    if (readFileSync(out, 'utf8') !== ddl) {
      console.error('prisma/postgres.sql is stale: run `npm run ddl -w examples/quickstart`');
      process.exit(1);
    }
  } else writeFileSync(out, ddl);
} else {
  console.error('usage: node scripts/prisma.mjs generate | ddl [--check]');
  process.exit(2);
}
