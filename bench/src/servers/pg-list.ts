// The list read of the `pg` servers, written out in SQL: two named statements (page and count) on
// a `pg` pool, shaped as every contender's answer. Shared by the bare node:http server
// (pg-server.ts, the physical limit) and the NestJS controller on the same SQL (nest-server.ts
// `nest-pg`, the framework's floor), so that the two differ by the framework alone.
import pg from 'pg';
import { pageMeta, parsePlainListQuery } from './list-query.js';

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

/** A refused query string's answer. */
export class ListQueryError extends Error {}

/** Reads list pages on `url`'s database through one `pg` pool; `end()` closes it. */
export function pgListReader(url: string) {
  // node-postgres's default pool size (10), as @prisma/adapter-pg uses it.
  const pool = new pg.Pool({ connectionString: url });
  return {
    /** The page the query string asks for. @throws {ListQueryError} when it is not a valid one */
    async read(search: URLSearchParams) {
      const parsed = parsePlainListQuery(search);
      if (!parsed.ok) throw new ListQueryError(parsed.message);
      const { genres, minPages, page, perPage } = parsed;
      const filter = [genres.length ? genres : ['FICTION', 'SCIENCE', 'HISTORY', 'POETRY', 'TECH'], minPages];
      const [rows, count] = await Promise.all([
        pool.query<PageRow>({
          name: 'page',
          text: PAGE_SQL,
          values: [...filter, perPage, (page - 1) * perPage],
        }),
        pool.query<{ n: number }>({ name: 'count', text: COUNT_SQL, values: filter }),
      ]);
      const items = rows.rows.map((row) => ({
        id: row.id,
        title: row.title,
        price: row.price,
        genre: row.genre,
        author: { name: row.authorName, country: row.authorCountry },
      }));
      return { items, meta: pageMeta(page, perPage, count.rows[0]?.n ?? 0) };
    },
    end: () => pool.end(),
  };
}
