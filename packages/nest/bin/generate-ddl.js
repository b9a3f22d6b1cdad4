// Turns a Prisma schema into the SQL that creates its tables, without Prisma's native schema engine
// (when its binary cannot be downloaded, `prisma migrate diff` prints nothing and exits 0). It drives
// the WebAssembly build of the schema engine instead. That build only speaks PostgreSQL (and SQLite),
// so any other provider is refused with an error that says so.
//
// Plain JavaScript outside dist/: it is the `facet-ddl` command's engine, not part of the library's
// API, and its two packages are optional peers that only users of the command install.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename } from 'node:path';

const require = createRequire(import.meta.url);

/** @typedef {'postgresql'} DdlProvider */
export const DDL_PROVIDERS = /** @type {const} */ (['postgresql']);

/** The exact build the command is tested with: the engine's JS API changes between builds. */
export const ENGINE_PACKAGES = {
  '@prisma/schema-engine-wasm': '8.1.0-2.59be4fda12412a79eeb9c2ae727b6aa723593323',
  '@prisma/driver-adapter-utils': '^7.10.0',
};

/** Thrown when an optional peer the command needs is not installed. */
export class MissingEngineError extends Error {
  name = 'MissingEngineError';
}

function missing(cause) {
  const install = Object.entries(ENGINE_PACKAGES)
    .map(([name, version]) => `${name}@${version}`)
    .join(' ');
  return new MissingEngineError(
    `facet-ddl needs the optional peers of @facet/nest that run Prisma's WebAssembly schema engine; ` +
      `install them with:\n  npm install --save-dev ${install}`,
    { cause },
  );
}

let enginePromise;

/** Node 20 cannot `import` a .wasm file, so the module is instantiated by hand, once. */
function loadEngine() {
  enginePromise ??= (async () => {
    let glue;
    let gluePath;
    let adapterUtils;
    try {
      gluePath = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
      glue = await import('@prisma/schema-engine-wasm/schema_engine_bg');
      adapterUtils = await import('@prisma/driver-adapter-utils');
    } catch (error) {
      if (error?.code === 'MODULE_NOT_FOUND' || error?.code === 'ERR_MODULE_NOT_FOUND') throw missing(error);
      throw error;
    }
    // Rust panics inside the engine report through this global; without it a panic surfaces as
    // "Cannot read properties of undefined" and hides the real message.
    globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
      set_message(message) {
        process.stderr.write(`schema engine panic: ${message}\n`);
      },
    };
    const bytes = await readFile(gluePath.replace(/\.js$/, '.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start?.();
    return { glue, bind: adapterUtils.bindMigrationAwareSqlAdapterFactory };
  })();
  return enginePromise;
}

// A diff from "empty" to a datamodel needs no database, but the engine still opens a connection
// at start-up and asks for the server version. This adapter answers with empty results, so no
// server (and no embedded database) is needed to produce the script.
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

/** The `provider` of a schema's datasource block, or undefined when it has none. */
export function schemaProvider(content) {
  return /datasource\s+\w+\s*\{[^}]*?\bprovider\s*=\s*"([^"]+)"/s.exec(content)?.[1];
}

/**
 * Returns the SQL that creates every table, enum, index and foreign key of a Prisma schema, for an
 * empty database.
 *
 * @param {string} schemaPath path of a `.prisma` file
 * @param {string} [provider] the schema's datasource provider; read from the schema when omitted
 * @returns {Promise<string>}
 */
export async function generateDdl(schemaPath, provider) {
  const content = await readFile(schemaPath, 'utf8');
  const target = provider ?? schemaProvider(content);
  if (!DDL_PROVIDERS.includes(target)) {
    throw new RangeError(
      `provider "${target}" is not supported: Prisma's WebAssembly schema engine only generates SQL for ` +
        `${DDL_PROVIDERS.join(', ')}. Write the SQL for other providers by hand, or use \`prisma migrate diff\` ` +
        'where the native schema engine runs.',
    );
  }
  const { glue, bind } = await loadEngine();
  const name = basename(schemaPath);
  const factory = {
    provider: 'postgres',
    adapterName: 'facet-offline-ddl',
    connect: async () => offlineAdapter('postgres'),
    connectToShadowDb: async () => offlineAdapter('postgres'),
  };
  const engine = await glue.SchemaEngine.new({ datamodels: [[name, content]] }, () => {}, bind(factory));
  try {
    const result = await engine.diff({
      from: { tag: 'empty' },
      to: { tag: 'schemaDatamodel', files: [{ path: name, content }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    if (!result.stdout.includes('CREATE TABLE')) {
      throw new Error(`the schema engine produced no tables for ${schemaPath}`);
    }
    return result.stdout;
  } finally {
    engine.free();
  }
}
