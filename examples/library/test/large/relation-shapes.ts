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

// Per model: selective, matching nearly every row, matching none although the planner expects many
// (drafts: the access filter hides them from anonymous callers), and `{}`.
const LEAVES: Record<Model, readonly Filter[]> = {
  Book: [
    { title: 'Title 7' },
    { pages: { gte: 60 } },
    { published: false },
    {},
    { title: { contains: 'Title 1' } },
  ],
  Review: [{ body: 'x0' }, { rating: { gte: 1 } }, { rating: 5 }, {}, { body: { not: 'x1' } }, { rating: 9 }],
  Author: [{ name: 'Author 3' }, { bornYear: { gte: 1 } }, { country: 'NL' }, {}, { bornYear: { lt: 0 } }],
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

const RESOURCES = { books: 'Book', reviews: 'Review', authors: 'Author' } as const;
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/**
 * A read that carries a client filter, as the path of a request to the app (after `/api/v1`): the
 * count and the list (a page and its count) of each resource, and the filters of an included
 * relation and of a relation count.
 */
export const filteredRead: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...(Object.keys(RESOURCES) as (keyof typeof RESOURCES)[])),
      fc.constantFrom('/count?', '?perPage=20&'),
      fc.integer({ min: 2, max: 8 }),
    )
    .chain(([resource, route, size]) =>
      filterOf(RESOURCES[resource], size).map((where) => `/${resource}${route}where=${json(where)}`),
    ),
  fc.tuple(fc.constantFrom('include', 'count'), fc.integer({ min: 2, max: 6 })).chain(([kind, size]) =>
    filterOf('Review', size).map((where) => {
      const include =
        kind === 'include' ? { reviews: { where } } : { _count: { select: { reviews: { where } } } };
      return `/books?perPage=20&include=${json(include)}`;
    }),
  ),
);
