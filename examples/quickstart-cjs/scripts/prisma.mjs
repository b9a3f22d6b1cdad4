// `generate`: the Prisma client of prisma/schema.prisma (skipped when it is newer than the schema).
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClient } from '../../../scripts/prisma/generate-client.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schema = join(root, 'prisma/schema.prisma');
const client = join(root, 'src/generated/prisma/client.ts');
if (process.argv[2] !== 'generate') {
  console.error('usage: node scripts/prisma.mjs generate');
  process.exit(2);
}
if (!existsSync(client) || statSync(client).mtimeMs < statSync(schema).mtimeMs)
  generateClient(schema, { cwd: root });
