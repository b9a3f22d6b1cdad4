#!/usr/bin/env node
// Usage: node scripts/prisma/write-ddl.mjs <schema.prisma> <out.sql>
// Writes the CREATE script of a PostgreSQL Prisma schema to a file meant to be committed and
// applied at test or seed time (see generate-ddl.mjs for why the native engine is not used).
import { writeFile } from 'node:fs/promises';
import { generateDdl } from './generate-ddl.mjs';

const [schemaPath, outPath] = process.argv.slice(2);
if (!schemaPath || !outPath) {
  console.error('usage: node scripts/prisma/write-ddl.mjs <schema.prisma> <out.sql>');
  process.exit(2);
}
const header = `-- Generated from ${schemaPath} by scripts/prisma/write-ddl.mjs. Do not edit by hand.\n`;
await writeFile(outPath, header + (await generateDdl(schemaPath, 'postgresql')));
console.log(`wrote ${outPath}`);
