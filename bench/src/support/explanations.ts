// The prose of docs/benchmarks.md that numbers cannot supply: what limits a comparison when its
// target is missed, and which rows prove each optimization of issue 8. Keyed by comparison label.

const SERVICE_LIMIT =
  'Running count and page concurrently saves at most the shorter of the two reads, so the ratio cannot go below ' +
  'max(page, count) ÷ (page + count): 0.5 only when both cost the same. On the example fixture each read takes a ' +
  "fraction of a millisecond in PostgreSQL and most of the time is Prisma's own CPU work in the Node process " +
  '(query planning in its WASM compiler, serialisation, row mapping; compare "hand-written vs pg + node:http" in the ' +
  'HTTP table), which runs on the one Node thread whether the reads overlap or not. PGlite runs one statement at a ' +
  'time in that same thread, so its reads cannot overlap at all, and interleaving them costs a little extra. ' +
  'On the large table the database does most of the work, but PostgreSQL already runs each of the two reads as a ' +
  'parallel plan (Gather with 2 workers, `max_parallel_workers_per_gather` = 2; the page read is a parallel scan and ' +
  'top-N sort by price, the count a parallel scan), so each read alone keeps both cores busy and two at once mostly ' +
  'queue for the same cores. Concurrency pays where the reads wait on the network: with a 2 ms round trip (a ' +
  'database on another host) the sequential code makes three round trips (page, then the included authors, then the ' +
  "count) and QueryService two, so the floor there is about 2/3 with Prisma's default relation strategy, and 1/2 " +
  "with relationLoadStrategy 'join', which reads page and authors in one statement. `count: false`, which the HTTP " +
  'layer uses when the projection shows no totals, removes the count entirely.';

const HTTP_HAND_LIMIT =
  'Both run the same two Prisma reads concurrently with a pushed-down select, so the gap is CPU in the server ' +
  'process (see the "CPU per request" rows, the steadier measure here). A CPU profile of the two bench servers ' +
  "(node --cpu-prof, 5,000 requests each) puts Facet's own code at about 0.1 ms per request (decoding the query " +
  'string, the query policy checks, parsing and resolving `fields`, building the select, QueryService, mapping and ' +
  'projecting 20 items) and class-validator/class-transformer, run by the ValidationPipe on QueryDTO, at another ' +
  '0.1 ms (a bare `include.author=true` next to `fields=…author{name,country}` is narrowed to those columns, as the ' +
  'hand-written code selects them). Against roughly 1.4 ms of ' +
  "CPU per request for the hand-written stack, most of it Prisma's, that is the order of the gap measured. A controller " +
  'without validation cannot be matched by one that validates; the "page without totals" row shows where Facet ' +
  'is ahead: it skips the count that a fixed hand-written response always runs.';

const HTTP_EXAMPLE_LIMIT =
  'The example app serves the contract, not a bare query: per request it runs its auth guard, builds a CASL ability ' +
  'and turns it into a Prisma filter, checks every field named in where/orderBy/include/select against the DTO ' +
  '(allow-lists), scopes relation reads by access, and maps through role-aware DTO mappers; the hand-written ' +
  'controller hard-codes one filter. The "Facet: ResourceQuery" row isolates the library\'s own cost.';

const HTTP_KIT_LIMIT =
  '@querry-kit/nest reads count and page one after the other, Facet concurrently; that saves one database round trip ' +
  "per request, which is small next to Prisma's CPU work per request on this data, so the lead is bounded by how much " +
  'of a request is waiting for PostgreSQL.';

export const LIMITS: Readonly<Record<string, string>> = {
  'decode, Facet vs qs (each its own format)':
    "Facet's decoder restores typed values (JSON.parse of JSON-looking values), refuses prototype keys and checks depth, key count and value length, none of which qs does.",
  'encode, Facet vs qs':
    "Facet's encoder JSON-quotes strings that would read back as other values and serialises arrays as JSON.",
  'QueryService.query vs raw sequential': SERVICE_LIMIT,
  'Facet example app vs hand-written': HTTP_EXAMPLE_LIMIT,
  'Facet ResourceQuery vs hand-written': HTTP_HAND_LIMIT,
  'Facet example app vs @querry-kit/nest': `${HTTP_EXAMPLE_LIMIT} ${HTTP_KIT_LIMIT}`,
  'Facet ResourceQuery vs @querry-kit/nest': HTTP_KIT_LIMIT,
};

export const OPTIMIZATIONS: ReadonlyArray<{ name: string; evidence: string }> = [
  {
    name: 'Count and page run concurrently',
    evidence:
      'Service tables, "QueryService.query vs raw sequential" against "vs raw Promise.all": QueryService costs what the hand-written `Promise.all` costs, and less than the sequential reads where the reads wait on the database (the 2 ms round-trip run). @querry-kit/nest, which reads them one after the other, is the HTTP baseline.',
  },
  {
    name: 'No count when the projection does not need it',
    evidence:
      'Service tables, "no count (count: false) vs with count". `ResourceQuery` passes `count: false` when a `fields` envelope projection (`items{…},meta{page,hasNextPage}`) shows neither `itemCount` nor `pageCount`; one extra row is read for `hasNextPage`.',
  },
  {
    name: 'The `fields` projection is pushed down to a Prisma `select`',
    evidence:
      'Service tables, "fields pushed down vs not": the same `fields` with `pushDown: false` loads every column of the book and its author through `include`. The gain grows with the width of the rows left out (the fixture\'s rows are narrow); DTO mapping still works because the mappers copy what is present.',
  },
  {
    name: 'Cached DTO schemas',
    evidence:
      'Projection table, "DTO schema: cached vs uncached": the schema of a class is built once (reflection over its decorators and swagger metadata) and then looked up in a WeakMap.',
  },
  {
    name: 'No repeated decoding of the same input',
    evidence:
      'Projection table, "prepareFieldsQuery: repeated vs new fields string": parsed `fields` expressions are kept in a bounded LRU cache (256 entries, frozen), so a list endpoint that sees the same few expressions does not parse them again; a name is located in the expression only to report an error. The query string itself is decoded once per request, from the raw URL, by `@FacetQuery()` (no platform parser runs first).',
  },
  {
    name: "Prisma's relationLoadStrategy 'join' for includes",
    evidence:
      "Service tables, \"relationLoadStrategy 'join' vs 'query'\" (a raw findMany with the author included, through a client generated with the preview feature). In Prisma 7.10 the option exists only with `previewFeatures = [\"relationJoins\"]` in the generator; with it, 'join' becomes Prisma's default for every include, Facet's included. 'join' reads a relation in the same statement (one round trip less per relation level, which the 2 ms round-trip run shows), while 'query' sends one simple statement per level, which PostgreSQL can plan better on a large table. Facet does not set the strategy: it is a preview feature of the application's own client, and which one wins depends on the data and the network; the example app's client does not enable it.",
  },
];
