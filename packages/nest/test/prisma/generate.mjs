#!/usr/bin/env node
// Generates the two Prisma clients of the QueryService integration suites into test/generated/
// (gitignored; `npm run test:prepare -w @facet/nest` runs this on a clean clone).
//   node test/prisma/generate.mjs          generate both clients
//   node test/prisma/generate.mjs --ddl    also rewrite the committed postgres.sql
// mysql.sql is kept by hand: the WebAssembly schema engine cannot emit MySQL. The MariaDB suite
// checks at start-up that its tables carry every scalar field of the generated client.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateClient } from '../../../../scripts/prisma/generate-client.mjs';
import { generateDdl } from '../../../../scripts/prisma/generate-ddl.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const postgresSchema = here('./schema.prisma');
const mysqlSchema = here('./mysql.prisma');

// The models are everything from the first enum or model on; the header, generator and
// datasource blocks are allowed to differ.
const models = (path) => {
  const text = readFileSync(path, 'utf8');
  return text.slice(text.search(/^(enum|model) /m));
};
if (models(postgresSchema) !== models(mysqlSchema)) {
  console.error('mysql.prisma and schema.prisma define different models; keep them identical.');
  process.exit(1);
}

generateClient(postgresSchema);
generateClient(mysqlSchema);

if (process.argv.includes('--ddl')) {
  const header = '-- Generated from schema.prisma by `node test/prisma/generate.mjs --ddl`. Do not edit.\n';
  await writeFile(here('./postgres.sql'), header + (await generateDdl(postgresSchema, 'postgresql')));
  console.log('wrote test/prisma/postgres.sql');
}
