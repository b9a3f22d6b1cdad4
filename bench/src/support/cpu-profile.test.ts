import { Session } from 'node:inspector/promises';
import { describe, expect, it } from 'vitest';
import { type CpuProfile, layerOf, summariseProfile } from './cpu-profile.js';

describe('layerOf', () => {
  it.each([
    ['node:_http_server', 'emit', 'node:http'],
    ['node:internal/streams/writable', 'write', 'Node.js, other'],
    ['file:///repo/node_modules/express/lib/router/index.js', 'handle', 'Express'],
    ['file:///repo/node_modules/router/lib/layer.js', 'handle', 'Express'],
    ['file:///repo/node_modules/fastify/lib/route.js', 'x', 'Fastify'],
    ['file:///repo/node_modules/@fastify/cors/index.js', 'x', 'Fastify'],
    ['file:///repo/node_modules/@nestjs/core/router/router-execution-context.js', 'x', 'Nest'],
    ['file:///repo/node_modules/rxjs/dist/cjs/internal/Observable.js', 'x', 'Nest'],
    ['file:///repo/node_modules/kysely/dist/esm/query-compiler/default-query-compiler.js', 'x', 'kysely'],
    ['file:///repo/node_modules/pg-protocol/dist/parser.js', 'x', 'pg'],
    ['file:///repo/node_modules/pg/lib/client.js', 'x', 'pg'],
    ['file:///repo/node_modules/@prisma/client/runtime/client.js', 'x', 'Prisma'],
    ['file:///repo/examples/library/dist/generated/prisma/client.js', 'x', 'Prisma'],
    ['file:///repo/examples/library/dist/main.js', 'x', 'example app'],
    ['file:///repo/packages/nest/dist/esm/sql/compile-where.js', 'x', 'Facet: nest/sql/compile-where'],
    ['file:///repo/packages/nest/dist/esm/sql/sql-engine.js', 'x', 'Facet: nest/sql/sql-engine'],
    ['file:///repo/packages/nest/dist/cjs/query/query-service.js', 'x', 'Facet: nest/query'],
    ['file:///repo/packages/nest/dist/esm/index.js', 'x', 'Facet: nest/index'],
    ['file:///repo/node_modules/@facet/nest/dist/esm/projection/fields.js', 'x', 'Facet: nest/projection'],
    ['file:///repo/packages/core/dist/index.js', 'x', 'Facet: core'],
    ['file:///repo/node_modules/left-pad/index.js', 'x', 'other: left-pad'],
    ['', 'stringify', 'JSON'],
    ['file:///repo/node_modules/express/lib/response.js', 'stringify', 'JSON'],
    ['file:///repo/node_modules/express/lib/response.js', 'send', 'Express'],
    ['file:///repo/node_modules/fastify/lib/reply.js', 'serialize', 'JSON'],
    ['', 'indexOf', 'V8 builtins, other'],
    ['', 'writev', 'socket I/O (native)'],
    ['', '(garbage collector)', 'GC'],
    ['', '(program)', '(program)'],
  ])('%s %s → %s', (url, name, layer) => {
    expect(layerOf(url, name)).toBe(layer);
  });
});

/** A hand-made profile: node 2 (idle), 3 (express), 4 (pg); samples every 100 µs from t = 1000. */
const handMade: CpuProfile = {
  nodes: [
    { id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1 } },
    { id: 2, callFrame: { functionName: '(idle)', url: '', lineNumber: -1 } },
    {
      id: 3,
      callFrame: { functionName: 'handle', url: '/app/node_modules/express/index.js', lineNumber: 0 },
    },
    {
      id: 4,
      callFrame: { functionName: 'parse', url: '/app/node_modules/pg-protocol/parser.js', lineNumber: 9 },
    },
  ],
  startTime: 1000,
  endTime: 1600,
  // At 1100, 1200, 1300, 1400, 1500; the last lasts until endTime.
  samples: [3, 3, 4, 2, 4],
  timeDeltas: [100, 100, 100, 100, 100],
};

/** JSON work for `ms`, in a function of its own name. */
function busyLoop(ms: number): void {
  const value = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `book ${i}` })) };
  for (const until = Date.now() + ms; Date.now() < until; ) JSON.parse(JSON.stringify(value));
}

describe('summariseProfile', () => {
  it('gives each sample the time until the next, leaves idle out and sums by layer', () => {
    const summary = summariseProfile(handMade);
    expect(summary.layers.get('Express')).toBeCloseTo(0.2);
    expect(summary.layers.get('pg')).toBeCloseTo(0.2);
    expect(summary.layers.has('(idle)')).toBe(false);
    expect(summary.busyMs).toBeCloseTo(0.4);
    expect(summary.functions.get('parse pg')).toBeCloseTo(0.2);
  });

  it('counts only the part of each sample inside the window', () => {
    // 1150–1350: half of the second Express sample, the whole first pg sample, nothing else.
    const summary = summariseProfile(handMade, { fromUs: 1250, toUs: 1400 });
    expect(summary.layers.get('Express')).toBeCloseTo(0.05);
    expect(summary.layers.get('pg')).toBeCloseTo(0.1);
    expect(summary.busyMs).toBeCloseTo(0.15);
  });

  it('refuses a window outside the profile (another clock)', () => {
    expect(() => summariseProfile(handMade, { fromUs: 0, toUs: 1200 })).toThrow(/not inside the profile/);
  });

  it("reads a real V8 profile on process.hrtime's clock: the window holds the busy loop, and its function", async () => {
    const session = new Session();
    session.connect();
    try {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: 100 });
      await session.post('Profiler.start');
      // Idle first and after, so a window on another clock would find nearly nothing busy.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const fromUs = Number(process.hrtime.bigint() / 1000n);
      busyLoop(150);
      const toUs = Number(process.hrtime.bigint() / 1000n);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const { profile } = await session.post('Profiler.stop');
      const summary = summariseProfile(profile as CpuProfile, { fromUs, toUs });
      expect(summary.busyMs).toBeGreaterThan(100);
      expect(summary.busyMs).toBeLessThan(((toUs - fromUs) / 1000) * 1.05);
      // V8 charges JSON.stringify's C++ to its JavaScript caller: the loop's own function.
      const loop = [...summary.functions].find(([name]) =>
        name.startsWith('busyLoop other:cpu-profile.test.ts:'),
      );
      expect(loop?.[1] ?? 0).toBeGreaterThan(summary.busyMs / 2);
    } finally {
      session.disconnect();
    }
  });
});
