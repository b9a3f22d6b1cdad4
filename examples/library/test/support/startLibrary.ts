import { listenApp } from '@facet/test-support/net';
import { createLibraryApp, type LibraryApp, type LibraryAppOptions } from '../../src/app.js';
import { httpPlatformFromEnv, readEngineFromEnv } from '../../src/config.js';

export interface RunningLibrary extends LibraryApp {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `<origin>/api/v1` */
  api: string;
}

/**
 * The real app (same bootstrap as `npm start`) on an ephemeral port, on the HTTP platform that
 * `HTTP_PLATFORM` names (the `library-fastify` test project sets it) and the read engine that
 * `READ_ENGINE` names, unless the options name them.
 */
export async function startLibrary(
  options: Omit<LibraryAppOptions, 'database'> = {},
): Promise<RunningLibrary> {
  const library = await createLibraryApp({
    httpPlatform: httpPlatformFromEnv(process.env),
    // `READ_ENGINE=prisma` runs the suites on Prisma's reads; unset, on the compiled ones (the default).
    readEngine: readEngineFromEnv(process.env),
    ...options,
    logger: options.logger ?? ['error'],
  });
  const origin = await listenApp(library.app);
  return { ...library, origin, api: `${origin}/api/v1` };
}
