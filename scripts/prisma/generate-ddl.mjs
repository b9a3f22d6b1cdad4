// Turns a Prisma schema into the SQL that creates its tables, without Prisma's native schema engine
// (its binary cannot be downloaded here, and `prisma migrate diff` then prints nothing and exits 0).
// It drives the WebAssembly build of the schema engine instead. That build only speaks PostgreSQL
// (and SQLite), so a MySQL schema is refused with an error that says so.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';

const require = createRequire(import.meta.url);

/** @typedef {'postgresql'} DdlProvider */
export const DDL_PROVIDERS = /** @type {const} */ (['postgresql']);

let enginePromise;

/** Node 20 cannot `import` a .wasm file, so the module is instantiated by hand, once. */
function loadEngineModule() {
  enginePromise ??= (async () => {
    // Rust panics inside the engine report through this global; without it a panic surfaces as
    // "Cannot read properties of undefined" and hides the real message.
    globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message(message) {
        process.stderr.write(`schema engine panic: ${message}\n`);
      },
    };
    const gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(gluePath.replace(/\.js$/, '.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start?.();
    return glue;
  })();
  return enginePromise;
}

// A diff from "empty" to a datamodel needs no database, but the engine still opens a connection
// at start-up and asks for the server version. This adapter answers with empty results, so no
// server (and no PGlite instance, ~3.5 s) is needed to produce the script.
function offlineAdapter(provider) {
  const empty = { columnNames: [], columnTypes: [], rows: [] };
  return {
    provider,
    adapterName: 'facet-offline-ddl',
    queryRaw: async () => empty,
    executeRaw: async () => 0,
    executeScript: async () => {},
    startTransaction: async () => {
      throw new Error('generateDdl: the offline adapter has no transactions');
    },
    getConnectionInfo: () => ({ supportsRelationJoins: true }),
    dispose: async () => {},
  };
}

/**
 * Returns the SQL that creates every table, enum, index and foreign key of a Prisma schema, for an
 * empty database.
 *
 * @param {string} schemaPath path of a `.prisma` file
 * @param {DdlProvider} provider the schema's datasource provider
 * @returns {Promise<string>}
 */
export async function generateDdl(schemaPath, provider) {
  if (!DDL_PROVIDERS.includes(provider)) {
    throw new RangeError(
      `generateDdl: provider "${provider}" is not supported; the WebAssembly schema engine only ` +
        `generates SQL for ${DDL_PROVIDERS.join(', ')}. Keep the SQL for other providers by hand.`,
    );
  }
  const glue = await loadEngineModule();
  const content = await readFile(schemaPath, 'utf8');
  const name = basename(schemaPath);
  const factory = {
    provider: 'postgres',
    adapterName: 'facet-offline-ddl',
    connect: async () => offlineAdapter('postgres'),
    connectToShadowDb: async () => offlineAdapter('postgres'),
  };
  const engine = await glue.SchemaEngine.new(
    { datamodels: [[name, content]] },
    () => {},
    bindMigrationAwareSqlAdapterFactory(factory),
  );
  try {
    const result = await engine.diff({
      from: { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: name, content }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    if (!result.stdout.includes('CREATE TABLE')) {
      throw new Error(`generateDdl: the schema engine produced no tables for ${schemaPath}`);
    }
    return result.stdout;
  } finally {
    engine.free();
  }
}
