// Random relation filters over the example's models (books ↔ reviews ↔ book, book ↔ author ↔ books,
// review → user), for the large-dataset suite: some/every/none, is/isNot and the bare to-one form,
// under AND, OR and NOT, nested up to the `where` depth budget. Leaves are selective (`body: x0`
// matches 1 % of reviews) or match nearly every row (`rating ≥ 1`, `{}`), since the second kind
// is what makes a join expensive.
import fc from 'fast-check';

export type Filter = Record<string, unknown>;
type Model = 'Book' | 'Review' | 'Author' | 'User';

const RELATIONS: Record<Model, Record<string, { readonly toMany: boolean; readonly target: Model }>> = {
  Book: { author: { toMany: false, target: 'Author' }, reviews: { toMany: true, target: 'Review' } },
  Review: { book: { toMany: false, target: 'Book' }, user: { toMany: false, target: 'User' } },
  Author: { books: { toMany: true, target: 'Book' } },
  User: {},
};

const LEAVES: Record<Model, readonly Filter[]> = {
  Book: [
    { title: 'Title 7' },
    { pages: { gte: 60 } },
    { genre: 'FICTION' },
    {},
    { title: { contains: 'Title 1' } },
  ],
  Review: [{ body: 'x0' }, { rating: { gte: 1 } }, { rating: 5 }, {}, { body: { not: 'x1' } }],
  Author: [{ name: 'Author 3' }, { bornYear: { gte: 1 } }, { country: 'NL' }, {}],
  User: [{ name: 'User 5' }, { role: 'reader' }],
};

/** Two conditions on one object, or under `AND` when they name the same key. */
function both(a: Filter, b: Filter): Filter {
  return Object.keys(b).some((key) => Object.hasOwn(a, key)) ? { AND: [a, b] } : { ...a, ...b };
}

/** A filter of `model` whose nesting spends at most `size` levels. */
export function filterOf(model: Model, size: number): fc.Arbitrary<Filter> {
  const leaf = fc.constantFrom(...LEAVES[model]);
  if (size <= 1) return leaf;
  const smaller = () => filterOf(model, size - 1);
  const options: { arbitrary: fc.Arbitrary<Filter>; weight: number }[] = [
    { arbitrary: leaf, weight: 1 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('AND', 'OR'), fc.array(smaller(), { minLength: 1, maxLength: 5 }))
        .map(([operator, arms]) => ({ [operator]: arms })),
      weight: 2,
    },
    { arbitrary: smaller().map((inner) => ({ NOT: inner })), weight: 1 },
    { arbitrary: fc.tuple(smaller(), smaller()).map(([a, b]) => both(a, b)), weight: 1 },
  ];
  for (const [name, { toMany, target }] of Object.entries(RELATIONS[model])) {
    const inner = filterOf(target, size - 2);
    const arbitrary = toMany
      ? fc.tuple(fc.constantFrom('some', 'every', 'none'), inner).map(([op, f]) => ({ [name]: { [op]: f } }))
      : fc
          .tuple(fc.constantFrom('is', 'isNot', 'bare'), inner)
          .map(([op, f]) => ({ [name]: op === 'bare' ? f : { [op]: f } }));
    options.push({ arbitrary, weight: 3 });
  }
  return fc.oneof(...options);
}

/** A read that carries a client filter, as the path of a request to the app (after `/api/v1`). */
export const filteredRead: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom('books', 'reviews', 'authors'), fc.integer({ min: 2, max: 8 }))
    .chain(([resource, size]) =>
      filterOf(({ books: 'Book', reviews: 'Review', authors: 'Author' } as const)[resource], size).map(
        (where) => `/${resource}/count?where=${encodeURIComponent(JSON.stringify(where))}`,
      ),
    ),
  fc
    .integer({ min: 2, max: 7 })
    .chain((size) => filterOf('Book', size))
    .map((where) => `/books?perPage=20&where=${encodeURIComponent(JSON.stringify(where))}`),
  fc
    .integer({ min: 2, max: 6 })
    .chain((size) => filterOf('Review', size))
    .map(
      (where) => `/books?perPage=20&include=${encodeURIComponent(JSON.stringify({ reviews: { where } }))}`,
    ),
);
