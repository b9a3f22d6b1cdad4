// The lowest supported versions, tested (a step of `npm test`). The rest of the suite runs on the
// workspace's lockfile, the top of each peer range; this step installs the bottom: the lowest
// version each peer range of @facet/nest and @facet/client allows, read from their package.json
// (so a range cannot promise a floor nobody ran), with the packed tarballs, into a temporary
// folder. There it builds scripts/floors/app, a NestJS app as Nest 11's `nest new` makes one but
// with `skipLibCheck: false` (every .d.ts of Facet and of the peers is compiled), creates its
// tables with the packed `facet-ddl`, starts it with `node`, and checks over HTTP what an app
// relies on (src/check.ts): start-up prints no warning under a global ValidationPipe, list,
// detail, count and a write answer, the CASL filter applies and hides a to-one row, a hidden field
// is refused like a misspelt one, a route of the app's own narrows by the server's where, OpenAPI
// comes from @Field per caller, and @facet/client reads the list on the lowest axios, through its
// Vue, React and TanStack Query adapters too (src/client-adapters.ts).
//
// Nothing is cached outside the temporary folder (npm's cache included) and nothing in the
// working tree changes. The registry must be reachable: where it is not, the step is skipped with
// the reason, except in CI (`CI` set), where it fails.
//   node scripts/floors/run.mjs        with FACET_PACK_DIR set (npm test), the tarballs packed there;
//                                      without it, packs the built packages itself
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableUnlessCi, freePort } from '../../test-support/src/net.mjs';
import { PACKED, packPackages, tarballPath } from '../pack-packages.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const manifest = (path) => JSON.parse(readFileSync(join(root, path, 'package.json'), 'utf8'));
const nest = manifest('packages/nest');
const client = manifest('packages/client');

/**
 * The lowest version a peer range allows. Ranges are written as `^x.y.z` alternatives (`||`) or
 * one exact version; anything else is refused, so that "lowest" always means one version.
 */
export function lowest(range) {
  const versions = range.split('||').map((part) => {
    const match = /^\s*\^?(\d+)\.(\d+)\.(\d+)(-[\w.-]+)?\s*$/.exec(part);
    if (!match) throw new Error(`peer range "${range}": write it as ^x.y.z alternatives or one version`);
    return { text: part.trim().replace(/^\^/, ''), key: match.slice(1, 4).map(Number) };
  });
  versions.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
  return versions[0].text;
}

// Every peer is installed at its lowest, the optional ones included: a range says only what ran.
const peers = { ...nest.peerDependencies, ...client.peerDependencies };
const installed = Object.fromEntries(Object.entries(peers).map(([name, range]) => [name, lowest(range)]));

/**
 * A range of two majors (`^11.0.1 || ^12.5.1`) is tested at the bottom of each: the lowest here,
 * every other one by the rest of the suite, so its floor must be the version the workspace runs.
 */
export function untestedFloors(ranges, workspaceVersion) {
  const problems = [];
  for (const [name, range] of Object.entries(ranges)) {
    const floors = range.split('||').map((part) => lowest(part));
    const ran = workspaceVersion(name);
    for (const floor of floors) {
      if (floor !== lowest(range) && floor !== ran) {
        problems.push(
          `${name} "${range}": ${floor} is not tested (the workspace runs ${ran}); write ^${ran}`,
        );
      }
    }
  }
  return problems;
}

// What an app installs beside the peers, pinned here with the reason.
const companions = {
  // Nest's platform moves with @nestjs/common.
  '@nestjs/platform-express': installed['@nestjs/common'],
  // @casl/prisma 2's own peer, at its lowest.
  '@casl/ability': '7.0.0',
  // Prisma is not a peer (Facet reads the app's own client); 7.1.0 is the lowest Prisma 7 the
  // PGlite adapter takes, and the lowest that packages/nest/README.md names.
  '@prisma/client': '7.1.0',
  prisma: '7.1.0',
  // React's renderer moves with React; its types are not versioned with it (@types/react 18.0.0
  // names a module @types/scheduler no longer has), so the newest of the major.
  'react-dom': installed.react,
  '@types/react': `^${installed.react.split('.')[0]}.0.0`,
  '@types/react-dom': `^${installed.react.split('.')[0]}.0.0`,
  // The database: the versions the rest of the suite runs.
  '@electric-sql/pglite': nest.devDependencies['@electric-sql/pglite'],
  'pglite-prisma-adapter': nest.devDependencies['pglite-prisma-adapter'],
  // Types the app's own code and PGlite's declarations need under `skipLibCheck: false`.
  '@types/node': lowest(manifest('.').devDependencies['@types/node']),
  '@types/emscripten': '1.41.6',
};

const startedAt = Date.now();
function log(message) {
  console.log(`floors: [${((Date.now() - startedAt) / 1000).toFixed(0)}s] ${message}`);
}

/** Runs a command to its end; throws with its output when it fails. */
function run(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** Starts the built app, waits for its listening line, and gives back its origin and output. */
function startApp(cwd, port) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd,
    env: { ...process.env, PORT: String(port), NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  const output = { stdout: '', stderr: '' };
  const listening = new Promise((resolveOrigin, reject) => {
    child.stdout.on('data', (chunk) => {
      output.stdout += chunk;
      const match = /FLOORS_LISTENING (\S+)/.exec(output.stdout);
      if (match) resolveOrigin(match[1]);
    });
    child.stderr.on('data', (chunk) => (output.stderr += chunk));
    child.on('exit', (code) =>
      reject(new Error(`the app exited (${code}) before listening:\n${output.stdout}${output.stderr}`)),
    );
  });
  // Only a broken start-up hangs: the timeout keeps the run from waiting forever.
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error('the app did not listen in 120 s')), 120_000).unref(),
  );
  return { child, output, origin: Promise.race([listening, timeout]) };
}

async function main() {
  const problems = untestedFloors(
    peers,
    (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version,
  );
  if (problems.length) throw new Error(problems.join('\n'));

  const registry = spawnSync('npm', ['ping', '--loglevel', 'error'], { encoding: 'utf8', timeout: 30_000 });
  const availability = availableUnlessCi(
    registry.status === 0,
    `the npm registry is unreachable (npm ping: ${(registry.stderr || registry.error?.message || '').trim().split('\n')[0]})`,
  );
  if (!availability.available) {
    log(`skipped: ${availability.reason}`);
    return;
  }

  const work = mkdtempSync(join(tmpdir(), 'facet-floors-'));
  let child;
  try {
    let packDir = process.env.FACET_PACK_DIR;
    if (!packDir) {
      packDir = join(work, 'pack');
      if (!packPackages(packDir, { build: false }))
        throw new Error('npm pack failed (run `npm run build` first)');
    }
    const app = join(work, 'app');
    cpSync(join(root, 'scripts/floors/app'), app, { recursive: true });
    const tarballs = Object.fromEntries(
      PACKED.map((name) => [`@facet/${name}`, `file:${tarballPath(packDir, join(root, 'packages', name))}`]),
    );
    const dependencies = { ...tarballs, ...installed, ...companions };
    writeFileSync(
      join(app, 'package.json'),
      `${JSON.stringify({ name: 'facet-floors-app', private: true, dependencies }, null, 2)}\n`,
    );
    log('installing the lowest supported versions:');
    for (const [name, version] of Object.entries({ ...installed, ...companions }))
      log(`  ${name}@${version}`);
    const cache = join(work, 'npm-cache');
    mkdirSync(cache);
    // --ignore-scripts: nothing here needs an install script, and Prisma's would download engines.
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--cache', cache, '--loglevel', 'error'],
      {
        cwd: app,
      },
    );

    const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/dev/null', PRISMA_HIDE_UPDATE_MESSAGE: '1' };
    run(process.execPath, ['node_modules/prisma/build/index.js', 'generate'], { cwd: app, env });
    const ddl = join(app, 'node_modules/.bin/facet-ddl');
    if (!existsSync(ddl)) throw new Error('the packed @facet/nest installs no facet-ddl command');
    run(ddl, ['prisma/schema.prisma', '--out', 'prisma/postgres.sql'], { cwd: app });
    log('generated the Prisma client; wrote the tables with the packed facet-ddl');
    log('compiling with skipLibCheck: false');
    run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], {
      cwd: app,
    });

    const started = startApp(app, await freePort());
    child = started.child;
    const origin = await started.origin;
    log(`started on ${origin}; checking over HTTP`);
    log(run(process.execPath, ['dist/check.js', origin], { cwd: app }).trim());
    const warnings = started.output.stdout.split('\n').filter((line) => /\b(WARN|ERROR)\b/.test(line));
    if (warnings.length || started.output.stderr.trim()) {
      throw new Error(`the app warned:\n${[...warnings, started.output.stderr].join('\n')}`);
    }
    log('no warning at start-up or while serving');
  } finally {
    child?.kill();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(`floors: FAILED\n${error instanceof Error ? error.message : error}`);
      process.exit(1);
    },
  );
}
