// The one list read every HTTP contender serves: published books (the anonymous reader's access
// filter) of three genres with at least 120 pages, by title, page 1 of 20, with the author's name
// and country. Each contender receives it in its own natural wire format.
import { encodeQuery } from '@facet/core';

export const LIST_GENRES = ['FICTION', 'SCIENCE', 'HISTORY'] as const;
export const LIST_MIN_PAGES = 120;
export const LIST_PER_PAGE = 20;
export const LIST_FIELDS = 'id,title,price,genre,author{name,country}';

/** Facet's own encoding, as @facet/client sends it. */
export const FACET_LIST_QUERY = encodeQuery({
  where: { genre: { in: [...LIST_GENRES] }, pages: { gte: LIST_MIN_PAGES } },
  orderBy: [{ title: 'asc' }],
  include: { author: true },
  page: 1,
  perPage: LIST_PER_PAGE,
  fields: LIST_FIELDS,
});

/**
 * The same page through the envelope projection without totals (`meta{page,perPage,hasNextPage}`):
 * Facet then runs no count query, which a hand-written endpoint with a fixed response never skips.
 */
export const FACET_LIST_QUERY_NO_TOTALS = encodeQuery({
  where: { genre: { in: [...LIST_GENRES] }, pages: { gte: LIST_MIN_PAGES } },
  orderBy: [{ title: 'asc' }],
  include: { author: true },
  page: 1,
  perPage: LIST_PER_PAGE,
  fields: `items{${LIST_FIELDS}},meta{page,perPage,hasNextPage}`,
});

/**
 * @querry-kit/nest's pipe merges dotted keys with `Object.assign`, so `where.genre…` and
 * `where.pages…` would overwrite each other; its documented form is one JSON value per argument.
 */
export const QUERRY_KIT_LIST_QUERY = new URLSearchParams({
  where: JSON.stringify({ genre: { in: LIST_GENRES }, pages: { gte: LIST_MIN_PAGES } }),
  orderBy: JSON.stringify([{ title: 'asc' }]),
  include: JSON.stringify({ author: true }),
  page: '1',
  perPage: String(LIST_PER_PAGE),
  fields: LIST_FIELDS,
}).toString();

/** What a hand-written endpoint exposes: one parameter per supported filter. */
export const PLAIN_LIST_QUERY = new URLSearchParams({
  genre: LIST_GENRES.join(','),
  minPages: String(LIST_MIN_PAGES),
  sort: 'title',
  page: '1',
  perPage: String(LIST_PER_PAGE),
}).toString();

/** The page meta every contender answers with (docs/spec-conformance.md#22-server-side-paginated-result). */
export function pageMeta(page: number, perPage: number, itemCount: number) {
  const pageCount = Math.ceil(itemCount / perPage);
  return { page, perPage, itemCount, pageCount, hasPrevPage: page > 1, hasNextPage: page < pageCount };
}

const GENRES: ReadonlySet<string> = new Set(['FICTION', 'SCIENCE', 'HISTORY', 'POETRY', 'TECH']);

/** The hand-written endpoints' parameter parsing, with the checks such code needs (400 otherwise). */
export function parsePlainListQuery(
  params: URLSearchParams,
):
  | { ok: true; genres: string[]; minPages: number; page: number; perPage: number }
  | { ok: false; message: string } {
  const int = (name: string, fallback: number, max = Number.MAX_SAFE_INTEGER) => {
    const raw = params.get(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    return Number.isInteger(value) && value >= 0 && value <= max ? value : undefined;
  };
  const genres = (params.get('genre') ?? '').split(',').filter((g) => g !== '');
  if (genres.some((g) => !GENRES.has(g))) return { ok: false, message: 'genre must be a list of genres' };
  const minPages = int('minPages', 0);
  const page = int('page', 1);
  const perPage = int('perPage', 20, 100);
  if (minPages === undefined || page === undefined || page < 1 || perPage === undefined || perPage < 1) {
    return { ok: false, message: 'minPages, page and perPage must be positive integers (perPage ≤ 100)' };
  }
  const sort = params.get('sort') ?? 'title';
  if (sort !== 'title') return { ok: false, message: 'sort must be title' };
  return { ok: true, genres, minPages, page, perPage };
}
