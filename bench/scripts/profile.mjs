// `npm run profile -w bench -- [--server=example|handwritten|facet] [--requests=N] [--token]`: where
// a server's CPU goes on the bench's list request. Starts the built server (`npm run bench --
// --build-only` first; `example` is the example app, the others the bench's Nest servers) with
// `node --cpu-prof` on the bench's PostgreSQL database, sends N requests with autocannon (10
// connections), stops it, and prints self time grouped by package and the heaviest functions.
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const requests = Number(args.requests ?? 5000);
const databaseUrl = `${(process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/facet_bench`;
const { FACET_LIST_QUERY, PLAIN_LIST_QUERY } = await import(join(root, 'bench/dist/servers/list-query.js'));
const server = args.server ?? 'example';
const [script, scriptArgs, path] =
  server === 'example'
    ? [
        // --example-dir: another build of the example, e.g. one from before a change, to compare.
        join(root, args['example-dir'] ?? 'examples/library/dist', 'main.js'),
        [],
        `/api/v1/books?${FACET_LIST_QUERY}`,
      ]
    : [
        join(root, 'bench/dist/servers/nest-server.js'),
        [server],
        `/books?${server === 'handwritten' ? PLAIN_LIST_QUERY : FACET_LIST_QUERY}`,
      ];

async function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function readerToken() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(`SELECT token FROM "User" WHERE role = 'reader' ORDER BY id LIMIT 1`);
  await client.end();
  return rows[0].token;
}

const dir = mkdtempSync(join(tmpdir(), 'facet-profile-'));
const port = await freePort();
const child = fork(script, scriptArgs, {
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
  },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const url = `http://127.0.0.1:${port}${path}`;
const headers = args.token ? { authorization: `Bearer ${await readerToken()}` } : {};
for (let started = Date.now(); ; ) {
  try {
    if ((await fetch(url, { headers })).ok) break;
  } catch {}
  if (Date.now() - started > 60_000) throw new Error('profile: the example did not start');
  await new Promise((resolve) => setTimeout(resolve, 200));
}
const result = await autocannon({ url, connections: 10, amount: requests, headers });
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;

const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
rmSync(dir, { recursive: true, force: true });

// Self time per node: samples × the mean sampling interval.
const interval = (profile.endTime - profile.startTime) / profile.samples.length / 1000;
const hits = new Map();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
function groupOf(url, name) {
  if (name === '(garbage collector)') return 'GC';
  if (name === '(idle)' || name === '(program)') return name;
  if (!url) return 'V8/native';
  if (url.startsWith('node:')) return 'Node.js';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const facet = /packages\/(core|nest|client)\//.exec(url);
  if (facet) return `@facet/${facet[1]}`;
  if (url.includes('examples/library/'))
    return /generated\/prisma|wasm/.test(url) ? 'example: generated Prisma client' : 'example app';
  return url;
}
const groups = new Map();
const functions = new Map();
for (const node of profile.nodes) {
  const ms = (hits.get(node.id) ?? 0) * interval;
  if (ms === 0) continue;
  const { url, functionName, lineNumber } = node.callFrame;
  const group = groupOf(url, functionName);
  groups.set(group, (groups.get(group) ?? 0) + ms);
  if (group === '(idle)') continue;
  const key = `${functionName || '(anonymous)'} ${group}${url && !url.includes('node_modules') ? `:${url.split('/').pop()}:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + ms);
}
const busy = [...groups].filter(([group]) => group !== '(idle)').reduce((sum, [, ms]) => sum + ms, 0);
const done = result['2xx'];
console.log(
  `# ${server}: ${done} requests (${args.token ? 'reader token' : 'anonymous'}), ${result.non2xx} non-2xx; busy CPU ${(busy / done).toFixed(3)} ms per request`,
);
console.log('\n| Where | ms per request | share |\n| --- | ---: | ---: |');
for (const [group, ms] of [...groups]
  .filter(([g]) => g !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, 14)) {
  console.log(`| ${group} | ${(ms / done).toFixed(3)} | ${((ms / busy) * 100).toFixed(1)} % |`);
}
console.log('\n| Heaviest functions (self time) | ms per request |\n| --- | ---: |');
for (const [name, ms] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, Number(args.top ?? 25))) {
  console.log(`| ${name.replaceAll('|', '\\|')} | ${(ms / done).toFixed(3)} |`);
}
