// Regenerates prisma/postgres.sql, the PostgreSQL DDL the app applies to an empty database, with the
// workspace's WebAssembly schema-engine tooling (scripts/prisma; `prisma migrate diff` needs a native
// engine that cannot be installed here).
// Usage: npm run ddl -w examples/library          write the file
//        npm run ddl -w examples/library -- --check  fail when the committed file is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDdl } from '../../../scripts/prisma/generate-ddl.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemaPath = join(root, 'prisma/schema.prisma');
const outPath = join(root, 'prisma/postgres.sql');

const header = '-- Generated from prisma/schema.prisma by scripts/generate-ddl.mjs. Do not edit by hand.\n';
const ddl = `${header}${(await generateDdl(schemaPath, 'postgresql')).trim()}\n`;

if (process.argv.includes('--check')) {
  if (readFileSync(outPath, 'utf8') !== ddl) {
    console.error('prisma/postgres.sql is stale: run `npm run ddl -w examples/library`');
    process.exit(1);
  }
  console.log('prisma/postgres.sql is up to date');
} else {
  writeFileSync(outPath, ddl);
  console.log(`wrote ${outPath}`);
}
