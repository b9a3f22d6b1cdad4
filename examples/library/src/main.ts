// `npm start` runs this after building (scripts/start.mjs). Environment:
//   PORT          HTTP port (default 3000)
//   HOST          interface to bind (default all interfaces)
//   DATABASE_URL  postgresql://… for a real PostgreSQL server; unset for embedded PGlite
//   PGLITE_DIR    where PGlite keeps its files (default examples/library/.data/pglite)
//   FACET_DEMO    1: demo mode (role switcher, the fixture's tokens in the web page); 0: off.
//                 Unset: on with PGlite, off with DATABASE_URL (see src/demo.ts)
//   AUTH_CACHE_TTL_MS, AUTH_CACHE_MAX_ENTRIES
//                 how long (default 5000 ms; 0: off) and how many (10000) bearer tokens' users each
//                 process remembers; a revoked token or changed role takes effect within the TTL
//   DATABASE_POOL_SIZE, DATABASE_REPLICA_POOL_SIZE, DATABASE_CONNECTION_TIMEOUT_MS,
//   DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_TIMEOUT_MS, DATABASE_APPLICATION_NAME
//                 PostgreSQL pool and timeouts (see src/database/postgresOptions.ts for the defaults)
//   DATABASE_REPLICA_URLS
//                 comma-separated postgresql:// URLs of streaming replicas of DATABASE_URL; resource
//                 reads go to them, writes to DATABASE_URL (docs/deploy.md)
//   FACET_SECRET  the server secret (at least 16 bytes) keyset cursors are sealed and consistency tokens
//                 signed with; the same in every process behind one load balancer (default: random,
//                 shared by this process's workers)
//   HTTP_PLATFORM express (default) or fastify: the HTTP server Nest runs on (src/app.ts)
//   WEB_CONCURRENCY
//                 worker processes sharing PORT (node:cluster; default 1: no cluster). Each worker has
//                 its own pools and caches, so connections are
//                 WEB_CONCURRENCY × (pool size + replica pool size × replicas)
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { API_PREFIX, createLibraryApp, DOCS_PATH } from './app.js';
import { libraryOptionsFromEnv } from './config.js';
import { DEMO_ENV } from './demo.js';

const started = performance.now();
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  throw new RangeError(`PORT must be an integer between 0 and 65535, got "${process.env.PORT}"`);
}

const workers = Number(process.env.WEB_CONCURRENCY ?? 1);
if (!Number.isInteger(workers) || workers < 1) {
  throw new RangeError(`WEB_CONCURRENCY must be a positive integer, got "${process.env.WEB_CONCURRENCY}"`);
}
if (workers > 1 && !process.env.DATABASE_URL) {
  // PGlite is one process's embedded database: two workers cannot open its directory.
  throw new RangeError('WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL)');
}
// Chosen here, not left to Facet's per-process default: workers inherit the environment, so a cursor
// or consistency token from one is accepted by another (and Facet requires a secret with replicas).
// Other machines need the same FACET_SECRET.
process.env.FACET_SECRET ||= randomBytes(32).toString('base64url');
if (workers > 1 && cluster.isPrimary) {
  // The primary process only supervises: it forks the workers, which share the listening socket,
  // and replaces one that dies, so a crash costs one worker's in-flight requests.
  let stopping = false;
  const fork = () =>
    cluster.fork().once('exit', (code) => {
      if (!stopping) {
        console.error(`worker exited (${code}); starting another`);
        fork();
      }
    });
  for (let i = 0; i < workers; i++) fork();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    });
  }
} else {
  await serve();
}

async function serve(): Promise<void> {
  const options = libraryOptionsFromEnv(process.env);
  const library = await createLibraryApp(options);
  await library.app.listen(port, process.env.HOST ?? '0.0.0.0');

  const { database } = library;
  const origin = `http://localhost:${port}`;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    [
      '',
      `Facet library example ready in ${seconds}s (${database.description}${database.seeded ? ', seeded from the fixture' : ''})`,
      `  Web page:  ${origin}/`,
      `  API base:  ${origin}/${API_PREFIX}   (try ${origin}/${API_PREFIX}/books?fields=id,title)`,
      `  API docs:  ${origin}/${DOCS_PATH}`,
      options.demo
        ? `  Demo mode: on; the page offers every fixture role and ships its token (${DEMO_ENV}=0 turns it off)\n` +
          '  Tokens:    admin-token, editor-token, reader-token (Authorization: Bearer <token>); none = anonymous'
        : `  Demo mode: off; the page reads as an anonymous caller and holds no token (${DEMO_ENV}=1 turns it on)`,
      '',
    ].join('\n'),
  );

  // PGlite writes its files on close; without this a Ctrl-C could leave a data dir that needs recovery.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      library.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
