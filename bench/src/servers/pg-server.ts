// The physical limit: the same list read as two SQL statements through `pg` in a bare node:http
// server, no framework, no ORM. Usage (forked by the HTTP scenario): node pg-server.js;
// DATABASE_URL names the database. The parent learns the port through the IPC channel.
import { createServer } from 'node:http';
import pg from 'pg';
import { pageMeta, parsePlainListQuery } from './list-query.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('usage: DATABASE_URL=… node pg-server.js');
// node-postgres's default pool size (10), as @prisma/adapter-pg uses it.
const pool = new pg.Pool({ connectionString: url });

const FILTER = 'b.published AND b.genre = ANY($1::"Genre"[]) AND b.pages >= $2';
const PAGE_SQL = `SELECT b.id, b.title, b.price::text AS price, b.genre, a.name AS "authorName", a.country AS "authorCountry"
  FROM "Book" b JOIN "Author" a ON a.id = b."authorId"
  WHERE ${FILTER} ORDER BY b.title ASC LIMIT $3 OFFSET $4`;
const COUNT_SQL = `SELECT count(*)::int AS n FROM "Book" b WHERE ${FILTER}`;

interface PageRow {
  id: number;
  title: string;
  price: string;
  genre: string;
  authorName: string;
  authorCountry: string;
}

const server = createServer((request, response) => {
  const target = new URL(request.url ?? '/', 'http://localhost');
  if (target.pathname !== '/books') {
    response.writeHead(404).end();
    return;
  }
  const parsed = parsePlainListQuery(target.searchParams);
  if (!parsed.ok) {
    response
      .writeHead(400, { 'content-type': 'application/json' })
      .end(JSON.stringify({ message: parsed.message }));
    return;
  }
  const { genres, minPages, page, perPage } = parsed;
  const filter = [genres.length ? genres : ['FICTION', 'SCIENCE', 'HISTORY', 'POETRY', 'TECH'], minPages];
  Promise.all([
    pool.query<PageRow>({ name: 'page', text: PAGE_SQL, values: [...filter, perPage, (page - 1) * perPage] }),
    pool.query<{ n: number }>({ name: 'count', text: COUNT_SQL, values: filter }),
  ]).then(
    ([rows, count]) => {
      const items = rows.rows.map((row) => ({
        id: row.id,
        title: row.title,
        price: row.price,
        genre: row.genre,
        author: { name: row.authorName, country: row.authorCountry },
      }));
      const body = JSON.stringify({ items, meta: pageMeta(page, perPage, count.rows[0]!.n) });
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(body);
    },
    (error: unknown) => {
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
  void pool.end().finally(() => process.exit(0));
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, shutdown);
process.on('disconnect', shutdown);
