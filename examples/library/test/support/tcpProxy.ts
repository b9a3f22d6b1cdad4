// A TCP pass-through the fault suite puts between the app and PostgreSQL, so a test can take the
// database away (`down`: live connections reset, new ones refused) and bring it back (`up`) on the
// same port, while the app keeps running with the same DATABASE_URL.

import type { AddressInfo } from 'node:net';
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  readonly port: number;
  /** Connections currently open through the proxy (client side). */
  readonly openConnections: number;
  /** Resets every live connection, keeps accepting new ones. */
  cut(): void;
  /** Resets every live connection and stops listening: connecting is refused until `up`. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const clients = new Set<Socket>();
  const pairs = new Set<Socket>();

  const onConnection = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    clients.add(client);
    pairs.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      clients.delete(client);
      pairs.delete(client);
      pairs.delete(upstream);
    };
    for (const socket of [client, upstream]) {
      socket.on('error', close);
      socket.on('close', close);
    }
    client.pipe(upstream).pipe(client);
  };

  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });

  let server: Server | undefined = createServer(onConnection);
  const port = await listen(server, 0);

  const cut = () => {
    // resetAndDestroy sends RST, as a crashed host or a dropped network path would.
    for (const socket of pairs) socket.resetAndDestroy();
    pairs.clear();
    clients.clear();
  };
  const stop = async () => {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  return {
    port,
    get openConnections() {
      return clients.size;
    },
    cut,
    async down() {
      const closed = stop();
      cut();
      await closed;
    },
    async up() {
      if (server) return;
      server = createServer(onConnection);
      await listen(server, port);
    },
    async close() {
      const closed = stop();
      cut();
      await closed;
    },
  };
}
