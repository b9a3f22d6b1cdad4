// The shared helpers themselves, on real sockets and servers; and a guard that suites use them
// instead of growing their own copies again.

import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { availableUnlessCi, freePort, listenLocally, reachable, runId } from '../src/net.mjs';
import { waitForServer, waitUntil } from '../src/wait.mjs';
import { root, workspaceFiles } from './workspace-files.js';

describe('net', () => {
  const ciBefore = process.env.CI;
  afterEach(() => {
    if (ciBefore === undefined) delete process.env.CI;
    else process.env.CI = ciBefore;
  });

  it('freePort gives a port a server can then listen on, and listenLocally its origin', async () => {
    const port = await freePort();
    expect(await reachable(port)).toBe(false);
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      expect(await reachable(port)).toBe(true);
    } finally {
      server.close();
    }
    const http = createHttpServer((_request, response) => response.end('here'));
    const origin = await listenLocally(http);
    try {
      expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(origin)).text()).toBe('here');
    } finally {
      http.close();
    }
  });

  it('availableUnlessCi skips with the reason outside CI and throws in CI', () => {
    delete process.env.CI;
    expect(availableUnlessCi(true, 'x')).toEqual({ available: true });
    expect(availableUnlessCi(false, 'MariaDB is not reachable')).toEqual({
      available: false,
      reason: 'MariaDB is not reachable',
    });
    process.env.CI = 'true';
    expect(availableUnlessCi(true, 'x')).toEqual({ available: true });
    expect(() => availableUnlessCi(false, 'MariaDB is not reachable')).toThrow(
      'MariaDB is not reachable, and CI requires it',
    );
  });

  it('runId names this process', () => {
    expect(runId()).toMatch(new RegExp(`^${process.pid}_[0-9a-z]+$`));
  });
});

describe('wait', () => {
  it('waitUntil resolves once the condition holds, and throws when it never does', async () => {
    let calls = 0;
    await waitUntil(() => ++calls === 3, { intervalMs: 1 });
    expect(calls).toBe(3);
    await expect(
      waitUntil(() => false, { timeoutMs: 30, intervalMs: 5, what: 'the replica' }),
    ).rejects.toThrow('the replica not met within 30 ms');
  });

  it('waitForServer polls until the server is ready, and stops at the first answer `ready` refuses', async () => {
    let answers = 0;
    const http = createHttpServer((_request, response) => {
      answers++;
      response.statusCode = answers < 3 ? 503 : 200;
      response.end();
    });
    const origin = await listenLocally(http);
    try {
      const ready = await waitForServer(origin, { intervalMs: 1, ready: (r) => r.status === 200 });
      expect({ status: ready.status, answers }).toEqual({ status: 200, answers: 3 });
      await expect(
        waitForServer(origin, {
          ready: () => {
            throw new Error('answered 200 where a page was expected');
          },
        }),
      ).rejects.toThrow('answered 200 where a page was expected');
      await expect(
        waitForServer(`${origin}/`, { intervalMs: 1, timeoutMs: 20, ready: () => false, name: 'app' }),
      ).rejects.toThrow('app did not start within 20 ms');
    } finally {
      http.close();
    }
  });
});

describe('the suites share these helpers', () => {
  const copies: [RegExp, string][] = [
    [/\.listen\(0,/, 'listen through @facet/test-support/net (listenLocally, listenApp, freePort)'],
    [/CHROMIUM_PATH|chromium\.launch\(/, 'launch Chromium through @facet/test-support/chromium'],
    [/process\.env\.FC_SEED/, 'the fast-check seed comes from @facet/test-support/fast-check'],
  ];
  // This file names the patterns it looks for.
  const files = workspaceFiles.filter(({ path }) => !path.endsWith('helpers.test.ts'));

  it.each(copies)('no source outside test-support matches %s', (pattern, instead) => {
    const found = files.filter(({ text }) => pattern.test(text));
    expect(
      found.map(({ path }) => relative(root, path)),
      instead,
    ).toEqual([]);
  });
});
