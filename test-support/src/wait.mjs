// Waiting for something to happen in another process or on a server. The timeout only keeps a broken
// run from hanging: a test asserts on the event it waited for, never on how long that took.

/**
 * Polls `condition` every `intervalMs` until it holds; throws once `timeoutMs` has passed without.
 * Resolves with the milliseconds waited, for a test's report.
 * @param {() => boolean | Promise<boolean>} condition
 * @param {{ timeoutMs?: number, intervalMs?: number, what?: string }} [options]
 */
export async function waitUntil(condition, { timeoutMs = 10_000, intervalMs = 20, what = 'condition' } = {}) {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return performance.now() - started;
}

/**
 * Waits for a server a child process is starting: polls `url` until `ready(response)` says so. Throws
 * when the child exits first, when `ready` throws, or after `timeoutMs`.
 * @param {string} url
 * @param {{
 *   child?: import('node:child_process').ChildProcess,
 *   ready?: (response: Response) => boolean | Promise<boolean>,
 *   timeoutMs?: number,
 *   intervalMs?: number,
 *   name?: string,
 *   output?: () => string,
 * }} [options]
 */
export async function waitForServer(url, options = {}) {
  const { child, ready = (response) => response.ok, timeoutMs = 60_000, intervalMs = 200 } = options;
  const name = options.name ?? url;
  const tail = () => (options.output ? `:\n${options.output()}` : '');
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}${tail()}`);
    let response;
    try {
      response = await fetch(url);
    } catch {
      // Not listening yet.
    }
    if (response !== undefined && (await ready(response))) return response;
    if (performance.now() > deadline)
      throw new Error(`${name} did not start within ${timeoutMs} ms${tail()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
