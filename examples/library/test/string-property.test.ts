// Property: for every string s and every string field of the example's DTOs, a query built by a
// qs-style encoder, by Facet's encoder and by hand-written dotted keys decodes, and passes the
// policy, to the same filter `{ <field>: s }`. The field types come from the example's own
// generated Prisma client (constructing it opens no connection).
import { decodeQuery, encodeQuery } from '@facet/core';
import { checkQueryPolicy, type DtoClass, type ModelTypes, readModelTypes } from '@facet/nest/advanced';
import { PrismaPg } from '@prisma/adapter-pg';
import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { AuthorDto, BookDto, ReviewDto } from '../src/dto/index.js';
import { PrismaClient } from '../src/generated/prisma/client.js';

const prisma = new PrismaClient({
  adapter: new PrismaPg({ connectionString: 'postgresql://postgres@127.0.0.1:1/never-connected' }),
});
const resources: readonly [DtoClass, ModelTypes, readonly string[]][] = [
  [BookDto, readModelTypes(prisma.book) as ModelTypes, ['isbn', 'title', 'internalNote']],
  [AuthorDto, readModelTypes(prisma.author) as ModelTypes, ['name', 'country']],
  [ReviewDto, readModelTypes(prisma.review) as ModelTypes, ['id', 'body']],
];

/** What JSON reading makes of a text, or `undefined` when it is not JSON. */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The filter a query string comes to after decoding and the policy, as a controller sees it. */
function filterOf(query: string, dto: DtoClass, model: ModelTypes): unknown {
  const decoded = decodeQuery(query);
  checkQueryPolicy(decoded, dto, { context: { role: 'admin' }, model });
  return decoded.where;
}

describe('string values decode alike from every client', () => {
  it('the fields under test are the string fields of the model', () => {
    for (const [, model, fields] of resources) {
      for (const field of fields) expect(model.scalar(field), field).toBe('String');
    }
  });

  it('property: qs, Facet’s encoder and dotted keys give the same filter for any string', () => {
    const resource = fc.constantFrom(...resources);
    fc.assert(
      fc.property(
        resource.chain(([dto, model, fields]) =>
          fc.tuple(fc.constant(dto), fc.constant(model), fc.constantFrom(...fields)),
        ),
        fc.oneof(
          fc.string({ maxLength: 24 }),
          fc.string({ unit: 'grapheme', maxLength: 8 }),
          fc.constantFrom('2024', 'true', 'null', '1e3', '007', '-0', '[1,2]', ' 12 ', '1.50', 'false'),
          fc.jsonValue({ maxDepth: 1 }).map((value) => JSON.stringify(value)),
        ),
        ([dto, model, field], text) => {
          // The two texts a client must quote, because the wire format reads them as JSON before
          // any type is known: a JSON string literal ("x" is the string x, which is how Facet's
          // encoder quotes) and a JSON object (a filter object). And NUL, which no column holds.
          const json = parsed(text);
          fc.pre(typeof json !== 'string' && !/^\s*\{/.test(text) && !text.includes('\u0000'));
          // `null` is null on an optional field (rows without a value), the text on a required one.
          const expected = { [field]: json === null && model.nullable(field) ? null : text };
          const forms = [
            `?${qs.stringify({ where: { [field]: text } })}`,
            `?${encodeQuery({ where: { [field]: text } })}`,
            `?where.${field}=${encodeURIComponent(text)}`,
            `?where[${field}]=${encodeURIComponent(text)}`,
          ];
          for (const form of forms) expect(filterOf(form, dto, model), form).toEqual(expected);
        },
      ),
      { numRuns: 1_000 },
    );
  });
});
