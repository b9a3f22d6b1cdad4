// The list request the fault and load suites send: a filter (with a relation filter), two includes
// and a fields projection, so every layer (decoder, allow-lists, access merge, include, projection,
// count) takes part. The expected count is derived from the fixture.
import { encodeQuery } from '@facet/core';
import { loadFixture } from '../../src/database/index.js';

const COUNTRIES = ['GB', 'US'];
const MIN_PAGES = 100;

export const LIST_QUERY = {
  where: { pages: { gte: MIN_PAGES }, author: { country: { in: COUNTRIES } } },
  include: { author: true, reviews: true },
  fields: 'id,title,author{name},reviews{rating}',
  orderBy: [{ pages: 'desc' }, { id: 'asc' }],
  perPage: 10,
};

export const LIST_PATH = `/books?${encodeQuery(LIST_QUERY)}`;

/** How many books an anonymous caller gets for `LIST_QUERY` (published ones only). */
export function expectedListCount(): number {
  const fixture = loadFixture();
  const countryOf = new Map(fixture.authors.map((author) => [author.id, author.country]));
  return fixture.books.filter(
    (book) =>
      book.published && book.pages >= MIN_PAGES && COUNTRIES.includes(countryOf.get(book.authorId) ?? ''),
  ).length;
}
