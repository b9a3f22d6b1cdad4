#!/usr/bin/env node
// Generates the Prisma clients of the integration suites into test/generated/ (gitignored;
// `npm run test:prepare -w @facet/nest` runs this on a clean clone): the QueryService test schema
// (schema.prisma, mysql.prisma) and the operator table's schema (operators.prisma,
// operators.mysql.prisma), each for PostgreSQL and MySQL.
//   node test/prisma/generate.mjs          generate the four clients
//   node test/prisma/generate.mjs --ddl    also rewrite the committed postgres.sql and operators.postgres.sql
// mysql.sql and operators.mysql.sql are kept by hand: the WebAssembly schema engine cannot emit
// MySQL. The MariaDB suites check at start-up that their tables carry every scalar field of the
// generated client.
import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { generateClient } from '../../../../scripts/prisma/generate-client.mjs';
import { generateDdl } from '../../../../scripts/prisma/generate-ddl.mjs';

const here = (file) => fileURLToPath(new URL(file, import.meta.url));
const postgresSchema = here('./schema.prisma');
const mysqlSchema = here('./mysql.prisma');
const operatorsSchema = here('./operators.prisma');
const operatorsMysqlSchema = here('./operators.mysql.prisma');

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
generateClient(operatorsSchema);
generateClient(operatorsMysqlSchema);

if (process.argv.includes('--ddl')) {
  const header = '-- Generated from schema.prisma by `node test/prisma/generate.mjs --ddl`. Do not edit.\n';
  await writeFile(here('./postgres.sql'), header + (await generateDdl(postgresSchema, 'postgresql')));
  console.log('wrote test/prisma/postgres.sql');
  const operatorsHeader =
    '-- Generated from operators.prisma by `node test/prisma/generate.mjs --ddl`. Do not edit.\n';
  await writeFile(
    here('./operators.postgres.sql'),
    operatorsHeader + (await generateDdl(operatorsSchema, 'postgresql')),
  );
  console.log('wrote test/prisma/operators.postgres.sql');
}
