// `npm run profile -w bench -- [options]`: where a server's CPU goes on the bench's list request.
// Starts the built server (`npm run bench -- --build-only` first) with `node --cpu-prof` on the
// bench's PostgreSQL database (`facet_bench` or `$BENCH_DATABASE`, made by `npm run bench`), sends N requests with
// autocannon (10 connections), stops it, and prints self time per request grouped by package, and
// the heaviest functions.
//   --server=example|handwritten|facet   which server (default example: the example app)
//   --requests=N                         default 5000
//   --token                              as the fixture's reader (Authorization: Bearer …)
//   --engine=prisma|sql                  the example's READ_ENGINE (default prisma, set explicitly so
//                                        a change of the example's default changes no profile)
//   --example-dir=DIR                    another build of the example (default examples/library/dist)
//   --compare=DIR                        profile the example built in DIR ("before") and the current
//                                        build ("after") in alternating rounds, and print both
//   --rounds=N                           rounds per build with --compare (default 3; medians)
//   --write                              with --compare: also write bench/profile.md, which the
//                                        bench report (docs/benchmarks.md) includes
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@facet/test-support/net';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value] = arg.replace(/^--/, '').split('=');
    return [key, value ?? 'true'];
  }),
);
const requests = Number(args.requests ?? 5000);
const databaseUrl = `${(process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres').replace(/\/[^/]*$/, '')}/${process.env.BENCH_DATABASE || 'facet_bench'}`;
const { FACET_LIST_QUERY, PLAIN_LIST_QUERY } = await import(join(root, 'bench/dist/servers/list-query.js'));
// The HTTP scenario's own helper: the fixture reader's token.
const { readerToken } = await import(join(root, 'bench/dist/scenarios/http.js'));

function serverOf(server, exampleDir) {
  if (server === 'example') {
    return [join(root, exampleDir, 'main.js'), [], `/api/v1/books?${FACET_LIST_QUERY}`];
  }
  const query = server === 'handwritten' ? PLAIN_LIST_QUERY : FACET_LIST_QUERY;
  return [join(root, 'bench/dist/servers/nest-server.js'), [server], `/books?${query}`];
}

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
  if (/examples\/library\/[^/]+\/generated\//.test(url)) return 'example: generated Prisma client';
  if (url.includes('examples/library/')) return 'example app';
  return url;
}

/** One profiled run: busy CPU per request, per group and per function (ms). */
async function profileOnce(server, exampleDir, headers) {
  const [script, scriptArgs, path] = serverOf(server, exampleDir);
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
      READ_ENGINE: args.engine ?? 'prisma',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}${path}`;
  for (const started = Date.now(); ; ) {
    try {
      if ((await fetch(url, { headers })).ok) break;
    } catch {}
    if (Date.now() - started > 60_000) throw new Error(`profile: ${script} did not start`);
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
  const done = result['2xx'];
  const groups = new Map();
  const functions = new Map();
  for (const node of profile.nodes) {
    const ms = ((hits.get(node.id) ?? 0) * interval) / done;
    if (ms === 0) continue;
    const { url: source, functionName, lineNumber } = node.callFrame;
    const group = groupOf(source, functionName);
    if (group === '(idle)') continue;
    groups.set(group, (groups.get(group) ?? 0) + ms);
    const where =
      source && !source.includes('node_modules') ? `:${source.split('/').pop()}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${group}${where}`;
    functions.set(key, (functions.get(key) ?? 0) + ms);
  }
  const busy = [...groups.values()].reduce((sum, ms) => sum + ms, 0);
  return { done, non2xx: result.non2xx, busy, groups, functions };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => (value ?? 0).toFixed(3);

const server = args.server ?? 'example';
const headers = args.token ? { authorization: `Bearer ${await readerToken(databaseUrl)}` } : {};
const who = `${args.token ? 'reader token' : 'anonymous'}, READ_ENGINE=${args.engine ?? 'prisma'}`;

if (args.compare) {
  const builds = [
    ['before', args.compare],
    ['after', args['example-dir'] ?? 'examples/library/dist'],
  ];
  const runs = { before: [], after: [] };
  for (let round = 0; round < Number(args.rounds ?? 3); round++) {
    for (const [name, dir] of round % 2 ? [...builds].reverse() : builds) {
      runs[name].push(await profileOnce('example', dir, headers));
    }
  }
  const at = (name, pick) => median(runs[name].map(pick));
  const groups = new Set([...runs.before, ...runs.after].flatMap((run) => [...run.groups.keys()]));
  const rows = [...groups]
    .map((group) => [
      group,
      at('before', (r) => r.groups.get(group) ?? 0),
      at('after', (r) => r.groups.get(group) ?? 0),
    ])
    .filter(([, before, after]) => before >= 0.02 || after >= 0.02)
    .sort((a, b) => b[1] - a[1]);
  const lines = [
    `The example app's list request (${who}, ${requests} requests per run, 10 connections, PostgreSQL), profiled with ` +
      `\`node --cpu-prof\` by \`npm run profile -w bench -- --compare=<build from before>\`: ${builds.length * Number(args.rounds ?? 3)} runs, ` +
      'alternating, median self time per request of each package (start-up included, spread over the requests). ' +
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    '',
    '| Where | Before (ms per request) | After (ms per request) |',
    '| --- | ---: | ---: |',
    `| **all busy CPU** | **${ms(at('before', (r) => r.busy))}** | **${ms(at('after', (r) => r.busy))}** |`,
    ...rows.map(([group, before, after]) => `| ${group} | ${ms(before)} | ${ms(after)} |`),
  ];
  console.log(lines.join('\n'));
  if (args.write) writeFileSync(join(root, 'bench/profile.md'), `${lines.join('\n')}\n`);
} else {
  const run = await profileOnce(server, args['example-dir'] ?? 'examples/library/dist', headers);
  console.log(
    `# ${server}: ${run.done} requests (${who}), ${run.non2xx} non-2xx; busy CPU ${ms(run.busy)} ms per request`,
  );
  console.log('\n| Where | ms per request | share |\n| --- | ---: | ---: |');
  for (const [group, value] of [...run.groups].sort((a, b) => b[1] - a[1]).slice(0, 14)) {
    console.log(`| ${group} | ${ms(value)} | ${((value / run.busy) * 100).toFixed(1)} % |`);
  }
  console.log('\n| Heaviest functions (self time) | ms per request |\n| --- | ---: |');
  for (const [name, value] of [...run.functions]
    .sort((a, b) => b[1] - a[1])
    .slice(0, Number(args.top ?? 25))) {
    console.log(`| ${name.replaceAll('|', '\\|')} | ${ms(value)} |`);
  }
}
