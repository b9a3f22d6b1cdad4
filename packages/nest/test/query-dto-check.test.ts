// The one-pass check of Facet's query DTOs (read/decode/query-dto-check.ts) must refuse exactly what
// class-validator refuses, with the same issues in the same order: the same pipe is run both ways
// (an extra option sends it through class-validator) on arbitrary decoded queries.
import { HttpException } from '@nestjs/common';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { CountQueryDTO, DetailQueryDTO, FacetValidationPipe, QueryDTO } from '../src/index.js';

const KEYS = [
  'page',
  'perPage',
  'where',
  'orderBy',
  'include',
  'select',
  'fields',
  'q',
  'count',
  'distinct',
  'take',
  '0',
  '7',
];
const value = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.double(),
  fc.constantFrom(1, 2, 20, 1.5, Number.NaN, Number.POSITIVE_INFINITY),
  fc.constantFrom('exact', 'estimated', 'none', 'Exact'),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom('title', 'id'), fc.constantFrom('asc', 1, true), { maxKeys: 2 }),
  fc.array(fc.oneof(fc.constant({ title: 'asc' }), fc.constant(1), fc.constant(null)), { maxLength: 3 }),
);
const query = fc.dictionary(fc.constantFrom(...KEYS), value, { maxKeys: 5 });

async function outcome(pipe: FacetValidationPipe, input: object): Promise<unknown> {
  try {
    return { passed: await pipe.transform(input, { type: 'custom', metatype: undefined, data: undefined }) };
  } catch (error) {
    if (!(error instanceof HttpException)) throw error;
    return { status: error.getStatus(), body: error.getResponse() };
  }
}

describe('the one-pass check of the query DTOs', () => {
  for (const type of [QueryDTO, DetailQueryDTO, CountQueryDTO]) {
    it(`refuses what class-validator refuses, the same way, for ${type.name}`, async () => {
      const onePass = new FacetValidationPipe({ expectedType: type, validateCustomDecorators: true });
      // `transform: false` is Facet's default already; naming it sends the pipe through class-validator.
      const classValidator = new FacetValidationPipe({ expectedType: type, transform: false });
      // Which pipe reached class-validator: the one-pass one never may.
      const validateOf = (pipe: FacetValidationPipe) =>
        vi.spyOn(pipe as unknown as { validate: (...args: unknown[]) => unknown }, 'validate');
      const fastValidate = validateOf(onePass);
      const slowValidate = validateOf(classValidator);
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(query, async (input) => {
          const fast = await outcome(onePass, structuredClone(input));
          const slow = await outcome(classValidator, structuredClone(input));
          expect(fast).toEqual(slow);
          if ((fast as { status?: number }).status === 400) refused++;
        }),
        { numRuns: 400 },
      );
      expect(fastValidate).not.toHaveBeenCalled();
      expect(slowValidate).toHaveBeenCalled();
      // The inputs must exercise both answers for the comparison to mean anything.
      expect(refused).toBeGreaterThan(50);
      expect(refused).toBeLessThan(400);
    });
  }
});
