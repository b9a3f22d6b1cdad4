import {
  HTTP_PLATFORMS,
  type HttpPlatform,
  type LibraryAppOptions,
  READ_ENGINES,
  type ReadEngine,
} from './app.js';
import { callerCacheOptionsFromEnv } from './auth/caller-cache.js';
import { DEFAULT_PGLITE_DIR, postgresOptionsFromEnv } from './database/index.js';
import { packagePath } from './database/paths.js';
import { demoModeFromEnv } from './demo.js';

/**
 * What `npm start` (src/main.ts) makes of its environment; the tests start the app through this
 * too, so the mode they check is the one a deploy gets from the same variables.
 */
export function libraryOptionsFromEnv(env: Readonly<Record<string, string | undefined>>): LibraryAppOptions {
  return {
    databaseOptions: {
      url: env.DATABASE_URL || undefined,
      pgliteDir: env.PGLITE_DIR || DEFAULT_PGLITE_DIR,
      postgres: postgresOptionsFromEnv(env),
      replicaUrls: (env.DATABASE_REPLICA_URLS ?? '')
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url !== ''),
    },
    webDir: packagePath('dist/web'),
    demo: demoModeFromEnv(env),
    logger: ['error', 'warn'],
    callerCache: callerCacheOptionsFromEnv(env),
    httpPlatform: httpPlatformFromEnv(env),
    readEngine: readEngineFromEnv(env),
  };
}

/** `READ_ENGINE`: `sql` (compiled reads, the default) or `prisma`; anything else is an error, not a guess. */
export function readEngineFromEnv(env: Readonly<Record<string, string | undefined>>): ReadEngine {
  const value = env.READ_ENGINE?.trim().toLowerCase() || 'sql';
  const engine = READ_ENGINES.find((name) => name === value);
  if (!engine) {
    throw new RangeError(`READ_ENGINE must be one of ${READ_ENGINES.join(', ')}, got "${env.READ_ENGINE}"`);
  }
  return engine;
}

/** `HTTP_PLATFORM`: `express` (the default) or `fastify`; anything else is an error, not a guess. */
export function httpPlatformFromEnv(env: Readonly<Record<string, string | undefined>>): HttpPlatform {
  const value = env.HTTP_PLATFORM?.trim().toLowerCase() || 'express';
  const platform = HTTP_PLATFORMS.find((name) => name === value);
  if (!platform) {
    throw new RangeError(
      `HTTP_PLATFORM must be one of ${HTTP_PLATFORMS.join(', ')}, got "${env.HTTP_PLATFORM}"`,
    );
  }
  return platform;
}
