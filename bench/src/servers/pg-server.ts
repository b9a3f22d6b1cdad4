// The physical limit: the same list read as two SQL statements through `pg` in a bare node:http
// server, no framework, no ORM. Usage (forked by the HTTP scenario): node pg-server.js;
// DATABASE_URL names the database. The parent learns the port through the IPC channel.
import { createServer } from 'node:http';
import { ListQueryError, pgListReader } from './pg-list.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('usage: DATABASE_URL=… node pg-server.js');
const reader = pgListReader(url);

const server = createServer((request, response) => {
  const target = new URL(request.url ?? '/', 'http://localhost');
  if (target.pathname !== '/books') {
    response.writeHead(404).end();
    return;
  }
  reader.read(target.searchParams).then(
    (page) => {
      response
        .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        .end(JSON.stringify(page));
    },
    (error: unknown) => {
      if (error instanceof ListQueryError) {
        response
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: error.message }));
        return;
      }
      console.error(error);
      response.writeHead(500).end();
    },
  );
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.send?.({ port: address.port });
});
const shutdown = () => {
  server.close();
  void reader.end().finally(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, shutdown);
process.on('disconnect', shutdown);
