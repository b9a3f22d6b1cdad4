// @facet/client/refine against the real example app (PGlite always, PostgreSQL when reachable):
// every Refine filter operator, one by one, either gives the rows the fixture predicts (computed
// here from the fixture JSON, with Refine's meaning of the operator) or a clear error; sorters
// through relations, the three pagination modes and cursors, meta.fields, the search text, single
// reads, writes, custom, and the server's refusals as Refine's HttpError.
import { createApiClient } from '@facet/client/api';
import { type FacetRefineError, facetDataProvider } from '@facet/client/refine';
import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { loadFixture } from '../../src/database/index.js';
import { TOKENS } from '../support/http.js';
import { onEachTarget } from '../support/onEachTarget.js';

const fx = loadFixture();
type FixtureBook = (typeof fx.books)[number];
const authorOf = new Map(fx.authors.map((author) => [author.id, author]));

// Values picked from the fixture, ASCII so that case folding means the same in JS and the database.
const median = [...fx.books.map((book) => book.pages)].sort((a, b) => a - b)[fx.books.length >> 1]!;
const mixedTitle = fx.books.find((book) => book.title.startsWith('The '))!.title;
// Each case-sensitive value matches fewer titles than its case-insensitive twin (checked below).
const word = 'the'; // "the" inside titles, "The" at their start
const upper = word.toUpperCase();
const start = 't'; // "true", "the…" start with it; "The…" only case-insensitively
const tail = 'n'; // "…Lantern"; "NaN" only case-insensitively
const date = fx.books.find((book) => book.publishedAt !== null)!.publishedAt!;
const authorName = fx.authors[0]!.name;
const lower = (text: string) => text.toLowerCase();

interface Case {
  readonly name: string;
  readonly filters: CrudFilter[];
  /** Refine's meaning of the filter, on a fixture book; `null` compares unequal to any value. */
  readonly keeps: (book: FixtureBook) => boolean;
}

const CASES: Case[] = [
  {
    name: 'eq',
    filters: [{ field: 'genre', operator: 'eq', value: 'POETRY' }],
    keeps: (b) => b.genre === 'POETRY',
  },
  {
    name: 'ne',
    filters: [{ field: 'genre', operator: 'ne', value: 'POETRY' }],
    keeps: (b) => b.genre !== 'POETRY',
  },
  // A negation keeps no row whose field is null: SQL's rule, and Prisma's (docs/client/refine.md).
  {
    name: 'ne (nullable)',
    filters: [{ field: 'publishedAt', operator: 'ne', value: date }],
    keeps: (b) => b.publishedAt !== null && b.publishedAt !== date,
  },
  {
    name: 'ne, nulls kept by an or',
    filters: [
      {
        operator: 'or',
        value: [
          { field: 'publishedAt', operator: 'ne', value: date },
          { field: 'publishedAt', operator: 'null', value: true },
        ],
      },
    ],
    keeps: (b) => b.publishedAt !== date,
  },
  {
    name: 'eqs',
    filters: [{ field: 'title', operator: 'eqs', value: mixedTitle }],
    keeps: (b) => b.title === mixedTitle,
  },
  {
    name: 'nes',
    filters: [{ field: 'title', operator: 'nes', value: mixedTitle }],
    keeps: (b) => b.title !== mixedTitle,
  },
  {
    name: 'lt',
    filters: [{ field: 'pages', operator: 'lt', value: median }],
    keeps: (b) => b.pages < median,
  },
  {
    name: 'gt',
    filters: [{ field: 'pages', operator: 'gt', value: median }],
    keeps: (b) => b.pages > median,
  },
  {
    name: 'lte',
    filters: [{ field: 'pages', operator: 'lte', value: median }],
    keeps: (b) => b.pages <= median,
  },
  {
    name: 'gte',
    filters: [{ field: 'pages', operator: 'gte', value: median }],
    keeps: (b) => b.pages >= median,
  },
  {
    name: 'in',
    filters: [{ field: 'genre', operator: 'in', value: ['TECH', 'HISTORY'] }],
    keeps: (b) => ['TECH', 'HISTORY'].includes(b.genre),
  },
  {
    name: 'nin',
    filters: [{ field: 'genre', operator: 'nin', value: ['TECH', 'HISTORY'] }],
    keeps: (b) => !['TECH', 'HISTORY'].includes(b.genre),
  },
  {
    name: 'contains',
    filters: [{ field: 'title', operator: 'contains', value: upper }],
    keeps: (b) => lower(b.title).includes(lower(upper)),
  },
  {
    name: 'ncontains',
    filters: [{ field: 'title', operator: 'ncontains', value: upper }],
    keeps: (b) => !lower(b.title).includes(lower(upper)),
  },
  {
    name: 'containss',
    filters: [{ field: 'title', operator: 'containss', value: word }],
    keeps: (b) => b.title.includes(word),
  },
  {
    name: 'ncontainss',
    filters: [{ field: 'title', operator: 'ncontainss', value: word }],
    keeps: (b) => !b.title.includes(word),
  },
  {
    name: 'startswith',
    filters: [{ field: 'title', operator: 'startswith', value: start.toUpperCase() }],
    keeps: (b) => lower(b.title).startsWith(start),
  },
  {
    name: 'nstartswith',
    filters: [{ field: 'title', operator: 'nstartswith', value: start.toUpperCase() }],
    keeps: (b) => !lower(b.title).startsWith(start),
  },
  {
    name: 'startswiths',
    filters: [{ field: 'title', operator: 'startswiths', value: start }],
    keeps: (b) => b.title.startsWith(start),
  },
  {
    name: 'nstartswiths',
    filters: [{ field: 'title', operator: 'nstartswiths', value: start }],
    keeps: (b) => !b.title.startsWith(start),
  },
  {
    name: 'endswith',
    filters: [{ field: 'title', operator: 'endswith', value: tail.toUpperCase() }],
    keeps: (b) => lower(b.title).endsWith(tail),
  },
  {
    name: 'nendswith',
    filters: [{ field: 'title', operator: 'nendswith', value: tail.toUpperCase() }],
    keeps: (b) => !lower(b.title).endsWith(tail),
  },
  {
    name: 'endswiths',
    filters: [{ field: 'title', operator: 'endswiths', value: tail }],
    keeps: (b) => b.title.endsWith(tail),
  },
  {
    name: 'nendswiths',
    filters: [{ field: 'title', operator: 'nendswiths', value: tail }],
    keeps: (b) => !b.title.endsWith(tail),
  },
  {
    name: 'null',
    filters: [{ field: 'publishedAt', operator: 'null', value: true }],
    keeps: (b) => b.publishedAt === null,
  },
  {
    name: 'nnull',
    filters: [{ field: 'publishedAt', operator: 'nnull', value: true }],
    keeps: (b) => b.publishedAt !== null,
  },
  {
    name: 'between',
    filters: [{ field: 'pages', operator: 'between', value: [200, median] }],
    keeps: (b) => b.pages >= 200 && b.pages <= median,
  },
  {
    name: 'nbetween',
    filters: [{ field: 'pages', operator: 'nbetween', value: [200, median] }],
    keeps: (b) => !(b.pages >= 200 && b.pages <= median),
  },
  {
    name: 'or',
    filters: [
      {
        operator: 'or',
        value: [
          { field: 'genre', operator: 'eq', value: 'TECH' },
          { field: 'pages', operator: 'lt', value: 100 },
        ],
      },
    ],
    keeps: (b) => b.genre === 'TECH' || b.pages < 100,
  },
  {
    name: 'and (with a nested or)',
    filters: [
      {
        operator: 'and',
        value: [
          { field: 'published', operator: 'eq', value: true },
          {
            operator: 'or',
            value: [
              { field: 'genre', operator: 'eq', value: 'POETRY' },
              { field: 'pages', operator: 'gte', value: median },
            ],
          },
        ],
      },
    ],
    keeps: (b) => b.published && (b.genre === 'POETRY' || b.pages >= median),
  },
  {
    name: 'a relation field (author.name)',
    filters: [{ field: 'author.name', operator: 'eq', value: authorName }],
    keeps: (b) => authorOf.get(b.authorId)?.name === authorName,
  },
  {
    name: 'several filters (AND)',
    filters: [
      { field: 'genre', operator: 'ne', value: 'TECH' },
      { field: 'author.name', operator: 'ncontains', value: authorName.slice(0, 3) },
    ],
    keeps: (b) =>
      b.genre !== 'TECH' && !lower(authorOf.get(b.authorId)!.name).includes(lower(authorName.slice(0, 3))),
  },
];

const idsOf = (rows: readonly BaseRecord[]) => rows.map((row) => row.id as number).sort((a, b) => a - b);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: FacetRefineError) => error,
  );

describe('the fixture values the cases use', () => {
  it('make every text case select some books and leave others', () => {
    for (const filter of CASES) {
      const kept = fx.books.filter(filter.keeps).length;
      expect(kept, filter.name).toBeGreaterThan(0);
      expect(kept, filter.name).toBeLessThan(fx.books.length);
    }
    // Each case-sensitive operator keeps other rows than its twin: a mapping that ignored case
    // (or minded it) for one of them fails.
    const count = (name: string) => fx.books.filter(CASES.find((c) => c.name === name)!.keeps).length;
    for (const twin of ['contains', 'startswith', 'endswith'])
      expect(count(`${twin}s`), twin).not.toBe(count(twin));
  });
});

await onEachTarget('@facet/client/refine', ({ app }) => {
  const providerOf = (role: keyof typeof TOKENS | 'anonymous', options = {}): DataProvider =>
    facetDataProvider(
      createApiClient({
        origin: app().origin,
        getToken: () => (role === 'anonymous' ? null : TOKENS[role]),
        facetErrors: true,
      }),
      options,
    );
  const list = (provider: DataProvider, filters: CrudFilter[]) =>
    provider.getList({ resource: 'books', filters, pagination: { mode: 'off' }, meta: { fields: ['id'] } });

  it.each(CASES)('$name gives the rows the fixture predicts', async ({ filters, keeps }) => {
    const { data, total } = await list(providerOf('admin'), filters);
    const expected = fx.books.filter(keeps).map((book) => book.id);
    expect(idsOf(data)).toEqual(expected.sort((a, b) => a - b));
    expect(total).toBe(expected.length);
  });

  it('applies the caller rules under every filter: an anonymous caller sees published books only', async () => {
    const { data } = await list(providerOf('anonymous'), [
      { field: 'genre', operator: 'eq', value: 'POETRY' },
    ]);
    expect(idsOf(data)).toEqual(fx.books.filter((b) => b.published && b.genre === 'POETRY').map((b) => b.id));
  });

  it.each([
    ['ina', [{ field: 'genre', operator: 'ina', value: ['TECH'] }]],
    ['nina', [{ field: 'genre', operator: 'nina', value: ['TECH'] }]],
    ['an empty or', [{ operator: 'or', value: [] }]],
    ['between without two bounds', [{ field: 'pages', operator: 'between', value: [1] }]],
    ['in without a list', [{ field: 'genre', operator: 'in', value: 'TECH' }]],
    ['eq without a value', [{ field: 'genre', operator: 'eq', value: undefined }]],
  ] as [string, CrudFilter[]][])(
    'refuses %s before any request, as a 400 HttpError',
    async (_name, filters) => {
      const error = await refusal(list(providerOf('admin'), filters));
      expect(error).toMatchObject({
        statusCode: 400,
        code: 'invalid_filter',
        message: expect.stringMatching(/filter|or/),
      });
    },
  );

  it('refuses the case-sensitive text operators on MySQL/MariaDB (their collations ignore case)', async () => {
    const mysql = providerOf('admin', { database: 'mysql' });
    for (const operator of [
      'eqs',
      'nes',
      'containss',
      'ncontainss',
      'startswiths',
      'nstartswiths',
      'endswiths',
      'nendswiths',
    ] as const) {
      const error = await refusal(list(mysql, [{ field: 'title', operator, value: word }]));
      expect(error, operator).toMatchObject({
        statusCode: 400,
        code: 'invalid_filter',
        message: expect.stringContaining('MySQL'),
      });
    }
  });

  it('passes the server refusal of an operator a field does not take as an HttpError naming the path', async () => {
    const error = await refusal(
      list(providerOf('admin'), [{ field: 'pages', operator: 'contains', value: '1' }]),
    );
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/pages/);
    // A field the caller may not see answers like a misspelt one.
    const hidden = await refusal(
      list(providerOf('reader'), [{ field: 'internalNote', operator: 'eq', value: 'x' }]),
    );
    const misspelt = await refusal(
      list(providerOf('reader'), [{ field: 'internalNoet', operator: 'eq', value: 'x' }]),
    );
    expect(hidden.statusCode).toBe(400);
    expect(hidden.code).toBe(misspelt.code);
  });
});
