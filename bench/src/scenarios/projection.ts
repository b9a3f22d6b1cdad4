import { Fields, prepareFieldsQuery } from '@facet/nest';
import { getFieldSchema } from '@facet/nest/advanced';
import { compare, type ScenarioResult } from '../report/results.js';
import { BookDto, toBookDto } from '../support/dtos.js';
import type { BenchProfile } from '../support/profile.js';
import { measurementsOf, sample } from '../support/sample.js';

const FIELDS = 'id,title,price,genre,author{name,country}';
const COUNT = 1000;

function makeDtos(): BookDto[] {
  const genres = ['FICTION', 'SCIENCE', 'HISTORY', 'POETRY', 'TECH'];
  return Array.from({ length: COUNT }, (_, i) =>
    toBookDto({
      id: i + 1,
      isbn: String(9780000000000 + i),
      title: `Book ${i + 1}`,
      price: ((i % 90) + 10.5).toFixed(2),
      pages: 100 + (i % 400),
      genre: genres[i % genres.length]!,
      published: i % 3 !== 0,
      publishedAt: new Date(Date.UTC(2000 + (i % 25), i % 12, 1)),
      authorId: (i % 30) + 1,
      author: { id: (i % 30) + 1, name: `Author ${(i % 30) + 1}`, country: 'NL', bornYear: 1950 + (i % 50) },
    }),
  );
}

/** What a developer writes by hand for the same projection. */
function handProject(dtos: readonly BookDto[]) {
  return dtos.map((dto) => ({
    id: dto.id,
    title: dto.title,
    price: dto.price,
    genre: dto.genre,
    ...(dto.author ? { author: { name: dto.author.name, country: dto.author.country } } : {}),
  }));
}

/** `count` distinct spellings of FIELDS (whitespace differs), so that no cache can answer. */
function spellings(count: number): string[] {
  const parts = FIELDS.split(',');
  return Array.from(
    { length: count },
    (_, i) =>
      parts.map((part, k) => (((i >> k) & 1) === 1 ? ` ${part}` : part)).join(',') +
      ' '.repeat(i >> parts.length),
  );
}

/**
 * `Fields.project` over 1,000 mapped DTOs with a nested relation, against a hand-written mapper
 * that builds the same objects; plus the per-request preparation (`fields` parsing and checking)
 * with a repeated and with an always-new `fields` string, and the DTO schema lookup, cached and
 * uncached, which are the optimizations this part of the pipeline relies on.
 */
export async function runProjection(profile: BenchProfile): Promise<ScenarioResult> {
  const dtos = makeDtos();
  const { projection } = prepareFieldsQuery({ fields: FIELDS }, BookDto);
  const expected = JSON.stringify(handProject(dtos));
  if (JSON.stringify(Fields.project(dtos, projection)) !== expected) {
    throw new Error(
      'bench: Fields.project and the hand-written mapper disagree; the comparison would be void',
    );
  }
  const fresh = spellings(4096);
  let next = 0;
  const query = { fields: FIELDS, where: { published: true } };
  const variants = [
    { name: 'Fields.project, 1,000 DTOs', run: () => Fields.project(dtos, projection) },
    { name: 'hand-written mapper, 1,000 DTOs', run: () => handProject(dtos) },
    { name: 'prepareFieldsQuery, same fields', run: () => prepareFieldsQuery(query, BookDto) },
    {
      name: 'prepareFieldsQuery, new fields string',
      run: () => prepareFieldsQuery({ ...query, fields: fresh[next++ % fresh.length] }, BookDto),
    },
    { name: 'DTO schema, cached', run: () => getFieldSchema(BookDto) },
    {
      // A new subclass each time has no cached schema: this is the work the cache saves.
      name: 'DTO schema, uncached',
      run: () => getFieldSchema(class extends BookDto {}),
    },
  ];
  const samples = await sample(variants, profile.micro);
  const measurements = measurementsOf(samples, 'µs');
  const [project, hand, prepSame, prepNew, schemaHit, schemaMiss] = samples.map((s) => s.name) as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  return {
    id: 'projection',
    short: 'Projection',
    title: 'Projection: Fields.project against a hand-written mapper',
    method:
      `${COUNT} BookDto instances with a nested AuthorDto, projected to \`${FIELDS}\`; the outputs are ` +
      `checked to be identical before timing. ${profile.micro.rounds} interleaved rounds; median per call.`,
    measurements,
    comparisons: [
      compare(measurements, 'Fields.project vs hand-written mapper', project, hand),
      compare(measurements, 'prepareFieldsQuery: repeated vs new fields string', prepSame, prepNew),
      compare(measurements, 'DTO schema: cached vs uncached', schemaHit, schemaMiss),
    ],
    notes: [
      'Fields.project reads the field list from the cached schema and copies only what the parsed selection names; the hand-written mapper is the floor, with no schema, no visibility checks and no generic loop.',
    ],
  };
}
