// Loopback ports and the servers the suites start on them: every test server listens on 127.0.0.1 on a
// port the system picks, so suites and concurrent runs never collide and nothing listens beyond
// this machine.
import { connect, createServer } from 'node:net';

export const LOCALHOST = '127.0.0.1';

/** A port free on 127.0.0.1 right now, for a process that must be told its port before it listens. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, LOCALHOST, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** @param {import('node:net').Server} server a listening server */
export function originOf(server) {
  return `http://${LOCALHOST}:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
}

/**
 * Starts `server` on a free loopback port; resolves with its origin, `http://127.0.0.1:<port>`.
 * @param {import('node:net').Server} server
 */
export async function listenLocally(server) {
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOCALHOST, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  return originOf(server);
}

/**
 * A Nest application (Express or Fastify) listening on a free loopback port: its origin.
 * @param {{ listen(port: number, host: string): Promise<unknown>, getHttpServer(): import('node:net').Server }} app
 */
export async function listenApp(app) {
  await app.listen(0, LOCALHOST);
  return originOf(app.getHttpServer());
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function reachable(port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = connect({ host: LOCALHOST, port });
    /** @param {boolean} ok */
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * Whether a suite that needs a server here can run: one that is not reachable skips the suite with
 * `reason`, except in CI (`CI` set), where the server is part of the machine and a skip would hide a
 * broken setup, so its absence throws.
 * @param {string} reason why the suite cannot run, should it not
 * @param {boolean} ok
 */
export function availableUnlessCi(ok, reason) {
  if (ok) return { available: true };
  if (process.env.CI) throw new Error(`${reason}, and CI requires it (process.env.CI is set)`);
  return { available: false, reason };
}

/** A name no other run on this machine uses at the same time (databases, folders). */
export function runId() {
  return `${process.pid}_${Date.now().toString(36)}`;
}
