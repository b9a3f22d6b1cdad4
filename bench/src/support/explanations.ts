// The prose of docs/benchmarks.md that numbers cannot supply: what limits a comparison when its
// target is missed, and which rows prove each optimization made for the targets. Keyed by comparison label.

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
  'projecting 20 items) and class-validator/class-transformer, run by the ValidationPipe on QueryDTO the bench then ' +
  'used (it now validates with `@FacetQuery(QueryDTO)`), at another 0.1 ms (a bare `include.author=true` next to `fields=…author{name,country}` is narrowed to those columns, as the ' +
  'hand-written code selects them). Against roughly 1.4 ms of ' +
  "CPU per request for the hand-written stack, most of it Prisma's, that is the order of the gap measured. A controller " +
  'without validation cannot be matched by one that validates; the "page without totals" row shows where Facet ' +
  'is ahead: it skips the count that a fixed hand-written response always runs.';

const HTTP_EXAMPLE_LIMIT =
  'The example app serves the contract, not a bare query: per request it runs its auth guard, checks every field ' +
  'named in where/orderBy/include/select/fields against the DTO as the caller may see it (allow-lists, operand ' +
  'grammar, budgets), merges the CASL access filter of every subject it reaches, refuses undeclared parameters, and ' +
  'maps and projects through role-aware DTOs; the hand-written controller hard-codes one filter. Its abilities are ' +
  'built once per role, their Prisma filters once per ability, a token is looked up once per 5 s, and its Prisma ' +
  'client reads a page with its authors in one statement (relationJoins), where the hand-written one uses the default ' +
  'client (a statement per relation level). What remains is CPU per request (see the "CPU per request" rows and the ' +
  'profile below): Prisma and Node.js dominate both stacks, and the validation and policy walk the hand-written ' +
  'controller does not do cost the rest. The "Facet: ResourceQuery" row isolates the library\'s own cost.';

const HTTP_P99_LIMIT =
  'A p99 over a few seconds of autocannon on a 2-core machine shared with PostgreSQL is set by a handful of requests that waited for a core (or for the garbage collector); compare it across rounds, not within one.';

const HTTP_CEILING_LIMIT =
  'The `pg` + `node:http` server sends the same SQL with no framework, no Prisma and no validation; the hand-written ' +
  'NestJS + Prisma controller reaches only a fraction of it too (see "hand-written vs pg + node:http"), so the gap ' +
  "is Nest's and, mostly, Prisma's per-request CPU (query compilation, result mapping), which both Prisma stacks pay.";

const HTTP_FASTIFY_LIKE_FOR_LIKE =
  'Fastify makes the hand-written controller cheaper by the same fixed amount of routing and response work as it ' +
  'makes the example app, so on the same platform the ratio is the Express one again: the example pays for its ' +
  'auth guard, policy walk, access filters and projection, which a controller that hard-codes one filter does not. ' +
  "Against the issue's baseline, on Nest's default platform, the example gains what Fastify saves it.";

const HTTP_KIT_LIMIT =
  '@querry-kit/nest reads count and page one after the other, Facet concurrently; that saves one database round trip ' +
  "per request, which is small next to Prisma's CPU work per request on this data, so the lead is bounded by how much " +
  'of a request is waiting for PostgreSQL.';

const COMPILED_HTTP_LIMIT =
  "The compiled path replaces Prisma's part of the request only: the example still runs its whole contract around the read (auth guard, the caller's CASL ability, every field checked against the DTO as the caller may see it, the envelope, the entity tag), on the same Nest and platform stack as on the Prisma path; the CPU profile section shows where its server time goes, layer by layer.";

const COMPILED_CEILING_LIMIT =
  'The framework alone does not reach this ratio: "NestJS + pg" runs the `pg` server\'s own two named ' +
  'statements in a Nest controller, with no ORM, no validation and no access rules, and its row against ' +
  '"pg + node:http" is the most any Nest app on that platform can show here; "Compiled example app vs NestJS + ' +
  'pg" is how much of that floor the example keeps while serving its whole contract.';

export const LIMITS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    ['', ' on Fastify'].flatMap((platform) => [
      ...['vs hand-written, anonymous', 'vs hand-written, reader token', 'vs @querry-kit/nest'].map(
        (against) => [`Compiled example app${platform} ${against}`, COMPILED_HTTP_LIMIT],
      ),
      [
        `Compiled example app${platform} vs pg + node:http`,
        `${COMPILED_HTTP_LIMIT} ${COMPILED_CEILING_LIMIT}`,
      ],
    ]),
  ),
  'decode, Facet vs qs (each its own format)':
    "Facet's decoder restores typed values (JSON.parse of JSON-looking values), refuses prototype keys and checks depth, key count and value length, none of which qs does.",
  'encode, Facet vs qs':
    "Facet's encoder JSON-quotes strings that would read back as other values and serialises arrays as JSON.",
  'QueryService.query vs raw sequential': SERVICE_LIMIT,
  'QueryService.query vs raw sequential, both with relationJoins': SERVICE_LIMIT,
  'Facet example app vs hand-written, anonymous': HTTP_EXAMPLE_LIMIT,
  'Facet example app vs hand-written, reader token': HTTP_EXAMPLE_LIMIT,
  'p99 latency: Facet example app vs hand-written, anonymous': HTTP_P99_LIMIT,
  'p99 latency: Facet example app vs hand-written, reader token': HTTP_P99_LIMIT,
  'Facet example app vs pg + node:http': HTTP_CEILING_LIMIT,
  'Facet ResourceQuery vs hand-written': HTTP_HAND_LIMIT,
  'Facet example app vs @querry-kit/nest': `${HTTP_EXAMPLE_LIMIT} ${HTTP_KIT_LIMIT}`,
  'Facet ResourceQuery vs @querry-kit/nest': HTTP_KIT_LIMIT,
  'Facet example app on Fastify vs hand-written, anonymous': HTTP_EXAMPLE_LIMIT,
  'Facet example app on Fastify vs hand-written, reader token': HTTP_EXAMPLE_LIMIT,
  'p99 latency: Facet example app on Fastify vs hand-written, anonymous': HTTP_P99_LIMIT,
  'p99 latency: Facet example app on Fastify vs hand-written, reader token': HTTP_P99_LIMIT,
  'Facet example app on Fastify vs hand-written on Fastify, anonymous': HTTP_FASTIFY_LIKE_FOR_LIKE,
  'Facet example app on Fastify vs hand-written on Fastify, reader token': HTTP_FASTIFY_LIKE_FOR_LIKE,
  'Facet example app on Fastify vs @querry-kit/nest': `${HTTP_EXAMPLE_LIMIT} ${HTTP_KIT_LIMIT}`,
  'Facet example app on Fastify vs pg + node:http': HTTP_CEILING_LIMIT,
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
      "Service tables, \"relationLoadStrategy 'join' vs 'query'\" (a raw findMany with the author included, through a client generated with the preview feature). In Prisma 7.10 the option exists only with `previewFeatures = [\"relationJoins\"]` in the generator; with it, 'join' becomes Prisma's default for every include, Facet's included. 'join' reads a relation in the same statement (one round trip less per relation level, which the 2 ms round-trip run shows), while 'query' sends one simple statement per level, which PostgreSQL can plan better on a large table. Facet does not set the strategy: it is a preview feature of the application's own client, and which one wins depends on the data and the network. The example app's client enables it: its list request is then two statements (page with authors, count), run concurrently; \"QueryService.query vs raw sequential, both with relationJoins\" is the service-level row.",
  },
  {
    name: 'Keyset paging at depth',
    evidence:
      'Service table (PostgreSQL, large), "keyset vs offset, page 1,000": the same 20 rows (checked before timing), read with `after` the cursor of page 999 against `page: 1000`, which makes the database produce and skip the 19,980 rows before it.',
  },
  {
    name: 'Abilities per role, access filters per ability',
    evidence:
      "HTTP table, the example rows and the profile below. The example's `defineAbility` builds one CASL ability per role and process (per user for readers and editors, whose review rules name them; a bounded cache); `@facet/nest/casl`'s `createCaslAccessibleWhere` keeps each ability's Prisma filter per subject (frozen, as long as the ability object lives, rebuilt after CASL's `update()`). Both are bounded by the number of roles and subjects.",
  },
  {
    name: 'A token is looked up once per TTL',
    evidence:
      'HTTP table, "reader token" rows: the example\'s auth guard remembers a token\'s user for `AUTH_CACHE_TTL_MS` (5 s; at most `AUTH_CACHE_MAX_ENTRIES`, 10,000, least recently used first; unknown tokens never), where the hand-written controller asks the database on every request. A revoked token or a changed role takes effect within the TTL in every process (example `caller-cache.test.ts`).',
  },
  {
    name: 'One validation pass for the query DTOs',
    evidence:
      "`FacetValidationPipe` checks Facet's own `QueryDTO`/`DetailQueryDTO`/`CountQueryDTO` in one pass instead of class-transformer's copy plus class-validator's metadata walk (`class-validator`/`class-transformer` rows of the profile below), with class-validator's exact issues (property test `query-dto-check.test.ts`).",
  },
  {
    name: 'The Fastify adapter',
    evidence:
      'HTTP table, the "on Fastify" rows and "Fastify alone": the example app started with `HTTP_PLATFORM=fastify` (Express stays the default and is measured next to it), and the hand-written controller on both platforms for a like-for-like ratio. Facet reads the raw URL and writes through Nest\'s adapter, so nothing in it changes; the example\'s HTTP suites run on both platforms (the `library-fastify` test project) and `http-platform.test.ts` checks that both answer every request alike.',
  },
  {
    name: 'Static files off the API path, cheaper mappers',
    evidence:
      "The profile below: the example served its web page with `useStaticAssets`, mounted at `/`, which looked every API request up on disk (`stat`) before the router; its mappers copied rows through `Object.entries`/`fromEntries`. Both are gone from the profile's heavy functions.",
  },
];

/** What the scale scenario can and cannot show on the bench machine; its notes in docs/benchmarks.md. */
export const SCALE_NOTES: readonly string[] = [
  'What this machine can show: autocannon, both PostgreSQL servers and every app process share its cores (2 on the bench machine). One example process already keeps most of a core busy (the "busy cores" detail), so a second worker can only take what autocannon and PostgreSQL leave over: the "2 workers" ratios are the headroom of this machine, not what a second worker gains on hardware with a core to spare. There, workers add throughput roughly in proportion to cores until the database is the limit (docs/deploy.md works through 10× and 100×).',
  'The replica is a second server on the same cores, so it adds no capacity here: the "primary + replica" rows show what routing reads costs (a health check per second, the read router on every model read, the consistency interceptor), not what offloading reads gains. On this fixture the app process, not PostgreSQL, is the limit (HTTP scenario, "hand-written vs pg + node:http"), so a replica pays where the primary is busy: many processes on many machines, or heavy reads.',
  '"CPU per request" counts the cluster primary and every worker (user + system time from /proc) and depends less on the contention than requests/s; "CPU per request: primary + replica vs primary only" is the router\'s own cost per request, and "2 workers vs 1 process" the cost of sharing the port through node:cluster (the primary hands every connection to a worker), of two processes competing for the same cores, and of each worker warming up its own JIT, Prisma clients and caches on half the requests.',
  'Each ratio is the ratio of the medians; the ± is the interquartile range of the same ratio taken round by round, where both setups ran back to back.',
];
