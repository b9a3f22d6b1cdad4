#!/usr/bin/env node
// facet-ddl: prints (or writes) the SQL that creates a Prisma schema's tables in an empty database,
// for setups where Prisma's native schema engine is unavailable. See docs/getting-started.md,
// "Creating the tables without Prisma's schema engine".
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { generateDdl, MissingEngineError } from './generate-ddl.js';

const USAGE = `usage: facet-ddl <schema.prisma> [--provider postgresql] [--out <file.sql>]
  Prints the CREATE script of the schema for an empty database (to stdout, or to --out).
  --provider  the datasource provider; defaults to the schema's own (only postgresql is supported)`;

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      provider: { type: 'string' },
      out: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
} catch (error) {
  console.error(`facet-ddl: ${error.message}\n${USAGE}`);
  process.exit(2);
}
const { values, positionals } = parsed;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (positionals.length !== 1) {
  console.error(USAGE);
  process.exit(2);
}

try {
  const sql = `${(await generateDdl(positionals[0], values.provider)).trim()}\n`;
  if (values.out) {
    await writeFile(values.out, sql);
    console.error(`facet-ddl: wrote ${values.out}`);
  } else {
    process.stdout.write(sql);
  }
} catch (error) {
  const known =
    error instanceof MissingEngineError || error instanceof RangeError || error?.code === 'ENOENT';
  console.error(`facet-ddl: ${known ? error.message : (error?.stack ?? String(error))}`);
  process.exit(1);
}
