// A TCP proxy that delays every chunk in each direction, to put the database "on another host":
// with a real round-trip time, how many reads run one after the other decides the latency.
import { connect, createServer, type Socket } from 'node:net';
import { listenLocally } from '@facet/test-support/net';

export interface LatencyProxy {
  /** `url` with its host and port replaced by the proxy's. */
  readonly url: string;
  close(): Promise<void>;
}

/** Forwards `from` to `to`, each chunk `delayMs` later; equal delays keep the chunks in order. */
function delayed(from: Socket, to: Socket, delayMs: number): void {
  from.on('data', (chunk) => {
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
    }, delayMs);
  });
  from.on('end', () => setTimeout(() => to.end(), delayMs));
  from.on('error', () => to.destroy());
}

/** Starts a proxy to the server of `url` adding `oneWayMs` in each direction (RTT = 2 × oneWayMs). */
export async function startLatencyProxy(url: string, oneWayMs: number): Promise<LatencyProxy> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    delayed(client, upstream, oneWayMs);
    delayed(upstream, client, oneWayMs);
  });
  const { hostname, port } = new URL(await listenLocally(server));
  const proxied = new URL(url);
  proxied.hostname = hostname;
  proxied.port = port;
  return {
    url: proxied.toString(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
