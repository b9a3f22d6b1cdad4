// Reads a V8 CPU profile (`node --cpu-prof`, a .cpuprofile file) and sums its self time by layer of
// the server: the HTTP platform, Nest, each of Facet's stages, kysely, pg, Prisma, JSON, GC.

/** The parts of a .cpuprofile this module reads (Chrome DevTools protocol `Profiler.Profile`). */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number;
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  }[];
  /** Microseconds, on the monotonic clock `process.hrtime` reads (on Linux, CLOCK_MONOTONIC). */
  readonly startTime: number;
  readonly endTime: number;
  /** The node on top of the stack at each sample. */
  readonly samples: readonly number[];
  /** Microseconds since the previous sample (the first: since `startTime`). */
  readonly timeDeltas: readonly number[];
}

/** Self time in milliseconds, in total and by layer and by function (`name layer:file:line`). */
export interface ProfileSummary {
  readonly busyMs: number;
  readonly layers: ReadonlyMap<string, number>;
  readonly functions: ReadonlyMap<string, number>;
}

const EXPRESS = new Set(
  (
    'express router body-parser finalhandler send serve-static on-finished on-headers qs path-to-regexp accepts ' +
    'type-is content-type content-disposition etag fresh depd parseurl statuses cookie cookie-signature raw-body ' +
    'iconv-lite mime-types mime-db negotiator vary encodeurl escape-html proxy-addr forwarded ipaddr.js ' +
    'range-parser merge-descriptors utils-merge methods debug ms setprototypeof http-errors unpipe destroy ' +
    'ee-first safe-buffer cors object-assign media-typer bytes multer'
  ).split(' '),
);
const FASTIFY = new Set(
  (
    'fastify find-my-way avvio light-my-request fast-json-stringify pino abstract-logging toad-cache ' +
    'fast-querystring process-warning rfdc secure-json-parse ret safe-regex2 fast-decode-uri-component fast-uri ' +
    'json-schema-ref-resolver middie fastq reusify'
  ).split(' '),
);
const NEST = new Set('rxjs reflect-metadata tslib iterare uid'.split(' '));
const PG = new Set(
  (
    'pg pg-protocol pg-pool pg-types pg-int8 pgpass pg-connection-string pg-cloudflare postgres-array ' +
    'postgres-bytea postgres-date postgres-interval split2 xtend'
  ).split(' '),
);
/** V8 builtins that are JSON, when the profile shows them as frames of their own (no script URL). */
const JSON_BUILTINS = new Set(['stringify', 'parse', 'JSONStringify', 'JSONParse']);

/**
 * Node's C++ stream methods (no script URL either): the writes and reads of every socket, the HTTP
 * responses and the pg protocol alike; their self time is mostly the system calls.
 */
const SOCKET_NATIVE = new Set(
  'writev writeBuffer writeUtf8String writeAsciiString writeLatin1String writeUcs2String readStart readStop shutdown'.split(
    ' ',
  ),
);

/** The package a node_modules path belongs to (`@scope/name` or `name`). */
function packageOf(url: string): string | undefined {
  const at = url.lastIndexOf('node_modules/');
  if (at === -1) return undefined;
  const [first = '', second = ''] = url.slice(at + 'node_modules/'.length).split('/');
  return first.startsWith('@') ? `${first}/${second}` : first;
}

/**
 * The layer a profile node's self time belongs to, from its script URL and function name. Facet's
 * packages are split by source folder (`nest/query`, `nest/projection`, …), and the compiled engine
 * by file (`nest/sql/compile-where`, `nest/sql/sql-engine`), so the stages of a read are apart.
 */
export function layerOf(url: string, functionName: string): string {
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)' || functionName === '(program)' || functionName === '(root)')
    return functionName;
  if (!url) {
    if (JSON_BUILTINS.has(functionName)) return 'JSON';
    return SOCKET_NATIVE.has(functionName) ? 'socket I/O (native)' : 'V8 builtins, other';
  }
  // V8 charges the C++ of JSON.stringify to its JavaScript caller: the platforms' response-body
  // serialisers are that caller, and do little else.
  if (
    (functionName === 'stringify' && url.endsWith('/node_modules/express/lib/response.js')) ||
    (functionName === 'serialize' && url.endsWith('/node_modules/fastify/lib/reply.js'))
  )
    return 'JSON';
  if (url.startsWith('node:'))
    return /^node:(_http_|http$|https$)/.test(url) ? 'node:http' : 'Node.js, other';
  const pkg = packageOf(url);
  if (pkg !== undefined) {
    if (pkg.startsWith('@facet/')) return facetLayer(url) ?? pkg;
    if (EXPRESS.has(pkg)) return 'Express';
    if (FASTIFY.has(pkg) || pkg.startsWith('@fastify/')) return 'Fastify';
    if (pkg.startsWith('@nestjs/') || NEST.has(pkg)) return 'Nest';
    if (pkg === 'class-validator' || pkg === 'class-transformer' || pkg === 'validator')
      return 'class-validator / class-transformer';
    if (PG.has(pkg)) return 'pg';
    if (pkg === 'kysely') return 'kysely';
    if (pkg.startsWith('@prisma/') || pkg === 'prisma' || pkg === '.prisma') return 'Prisma';
    if (pkg.startsWith('@casl/')) return 'CASL';
    return `other: ${pkg}`;
  }
  const facet = facetLayer(url);
  if (facet) return facet;
  if (/examples\/library\/(?:[^/]+\/)*generated\//.test(url)) return 'Prisma';
  if (url.includes('examples/library/')) return 'example app';
  return 'other';
}

/** `Facet: nest/<folder>`, `Facet: nest/sql/<file>` or `Facet: core`, from a path under packages/. */
function facetLayer(url: string): string | undefined {
  const match =
    /(?:packages|node_modules\/@facet)\/(core|nest|client)\/(?:dist\/(?:esm|cjs)\/|src\/)?(.*)$/.exec(url);
  if (!match) return undefined;
  const [, pkg, rest = ''] = match;
  if (pkg !== 'nest') return `Facet: ${pkg}`;
  const parts = rest.split('/');
  const file = (parts.at(-1) ?? '').replace(/\.(?:c|m)?js$|\.d\.ts$|\.ts$/, '');
  if (parts.length === 1) return `Facet: nest/${file}`;
  return parts[0] === 'sql' && parts.length === 2 ? `Facet: nest/sql/${file}` : `Facet: nest/${parts[0]}`;
}

/**
 * Self time by layer and by function, counting only the samples taken between `window.fromUs` and
 * `window.toUs` (µs on the profile's clock) when given, so the start-up and the warm-up are left
 * out. A sample lasts until the next one. `(idle)` is not busy time and is left out; `(program)`
 * (V8 and Node work outside any script) and GC are busy time and stay in.
 */
export function summariseProfile(
  profile: CpuProfile,
  window?: { readonly fromUs: number; readonly toUs: number },
): ProfileSummary {
  if (window && (window.fromUs < profile.startTime || window.toUs > profile.endTime)) {
    throw new Error(
      `cpu profile: the window ${window.fromUs}–${window.toUs} µs is not inside the profile (${profile.startTime}–${profile.endTime} µs): not the same clock?`,
    );
  }
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    const next = i + 1 < profile.samples.length ? at + (profile.timeDeltas[i + 1] ?? 0) : profile.endTime;
    const from = Math.max(at, window?.fromUs ?? at);
    const to = Math.min(next, window?.toUs ?? next);
    if (to <= from) continue;
    const id = profile.samples[i] as number;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (to - from));
  }
  const layers = new Map<string, number>();
  const functions = new Map<string, number>();
  let busyMs = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id);
    if (!frame) continue;
    const layer = layerOf(frame.url, frame.functionName);
    if (layer === '(idle)' || layer === '(root)') continue;
    const ms = us / 1000;
    busyMs += ms;
    layers.set(layer, (layers.get(layer) ?? 0) + ms);
    const file = frame.url && !frame.url.includes('node_modules') ? frame.url.split('/').pop() : undefined;
    const key = `${frame.functionName || '(anonymous)'} ${layer}${file ? `:${file}:${frame.lineNumber + 1}` : ''}`;
    functions.set(key, (functions.get(key) ?? 0) + ms);
  }
  return { busyMs, layers, functions };
}
