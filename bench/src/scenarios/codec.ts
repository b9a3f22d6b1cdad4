import { decodeQuery, encodeQuery } from '@facet/core';
import qs from 'qs';
import { compare, type Measurement, type ScenarioResult } from '../report/results.js';
import type { BenchProfile } from '../support/profile.js';
import { sample } from '../support/sample.js';

/** Queries a table page and a search box send; each is one request's whole query string. */
export const CODEC_QUERIES: ReadonlyArray<{ name: string; query: Record<string, unknown> }> = [
  {
    name: 'page + sort',
    query: { page: 3, perPage: 20, where: { published: true }, orderBy: [{ title: 'asc' }] },
  },
  {
    name: 'table filters + fields',
    query: {
      page: 2,
      perPage: 20,
      where: {
        genre: { in: ['FICTION', 'SCIENCE'] },
        published: true,
        price: { gte: 10, lte: 49.5 },
        author: { is: { name: { contains: 'Ada', mode: 'insensitive' } } },
      },
      orderBy: [{ publishedAt: 'desc' }, { title: 'asc' }],
      include: { author: true },
      fields: 'id,title,price,author{name,country}',
    },
  },
  {
    name: 'search OR list',
    query: {
      perPage: 10,
      where: {
        OR: [
          { title: { contains: 'night', mode: 'insensitive' } },
          { isbn: { startsWith: '978' } },
          { author: { is: { name: { contains: 'night', mode: 'insensitive' } } } },
        ],
      },
      orderBy: [{ title: 'asc' }],
    },
  },
];

/**
 * Decoding and encoding whole query strings, Facet's codec against qs. Each side decodes its own
 * wire format (Facet: dotted keys and JSON values; qs: bracket keys); Facet also decodes qs's
 * bracket format, which it accepts, so one row compares both on the very same bytes. Note that qs
 * leaves every value a string, while Facet restores numbers, booleans and null, which is more work.
 */
export async function runCodec(profile: BenchProfile): Promise<ScenarioResult> {
  const facetStrings = CODEC_QUERIES.map(({ query }) => encodeQuery(query));
  const qsStrings = CODEC_QUERIES.map(({ query }) => qs.stringify(query));
  const objects = CODEC_QUERIES.map(({ query }) => query);
  // One operation = the whole set of queries, so each result weighs all three shapes.
  const variants = [
    { name: 'decode: Facet (own format)', run: () => facetStrings.map((s) => decodeQuery(s)) },
    { name: 'decode: Facet (qs brackets)', run: () => qsStrings.map((s) => decodeQuery(s)) },
    { name: 'decode: qs.parse', run: () => qsStrings.map((s) => qs.parse(s)) },
    { name: 'encode: Facet', run: () => objects.map((o) => encodeQuery(o)) },
    { name: 'encode: qs.stringify', run: () => objects.map((o) => qs.stringify(o)) },
  ];
  const samples = await sample(variants, profile.micro);
  const measurements: Measurement[] = samples.map((s) => ({
    name: s.name,
    value: s.medianNs / 1000 / CODEC_QUERIES.length,
    unit: 'µs',
    spread: s.spread,
    rounds: s.perRound.map((ns) => ns / 1000 / CODEC_QUERIES.length),
    detail: 'per query string',
  }));
  const faster = { op: '<=', value: 0.5 } as const;
  return {
    id: 'codec',
    short: 'Codec',
    title: 'Codec: decodeQuery / encodeQuery against qs',
    method:
      `Three realistic query strings (${CODEC_QUERIES.map((q) => q.name).join(', ')}; ` +
      `${facetStrings.map((s) => s.length).join('/')} bytes in Facet's format, ` +
      `${qsStrings.map((s) => s.length).join('/')} in qs's) decoded and encoded in one process, ` +
      `${profile.micro.rounds} interleaved rounds of ~${profile.micro.batchMs} ms batches; median time per query string.`,
    measurements,
    comparisons: [
      compare(
        measurements,
        'decode, Facet vs qs (each its own format)',
        samples[0]!.name,
        samples[2]!.name,
        faster,
      ),
      compare(measurements, 'decode, Facet vs qs (same bracket string)', samples[1]!.name, samples[2]!.name),
      compare(measurements, 'encode, Facet vs qs', samples[3]!.name, samples[4]!.name, faster),
    ],
    notes: [
      'Target "codec ≥ 2× qs" is read as Facet taking at most half of qs\'s time (ratio ≤ 0.5).',
      'qs.parse returns strings only (`page: "2"`, `published: "true"`); Facet returns typed values and also refuses prototype keys and over-deep or over-long input, so its decode does strictly more.',
    ],
  };
}
