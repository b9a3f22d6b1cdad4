import { BadRequestException, HttpException } from '@nestjs/common';
import { body, FACET_ERROR_CODES } from '../errors/prisma-error.mapper.js';
import { parseEntityTagCondition, representationTag } from '../http/entity-tag.js';

/**
 * Checks a write's `If-Match` against the row's representation as the caller reads it (what
 * `GET /:id` answers with the same `fields`, whose weak `ETag` the client holds). Facet's tags are
 * weak and `If-Match` is compared weakly: the tag is a hash of the JSON the caller read, so equal
 * tags mean the caller saw this very content (RFC 9110's strong comparison would match no tag of
 * Facet's). `*` matches any row the caller may read. No header: no condition.
 * @throws {HttpException} 412 `precondition_failed` on no match, 400 `invalid_precondition` for a malformed header.
 */
export function checkIfMatch(header: string | readonly string[] | undefined, representation: unknown): void {
  if (header === undefined) return;
  const condition = parseEntityTagCondition(header);
  if (condition === undefined) {
    throw new BadRequestException({
      ...body(
        400,
        'Bad Request',
        'If-Match must be * or a list of entity tags',
        FACET_ERROR_CODES.invalidPrecondition,
      ),
      path: 'If-Match',
    });
  }
  if (condition === '*') return;
  const current = representationTag(representation);
  const opaque = current.slice(3, -1);
  if (condition.some((tag) => tag.opaque === opaque)) return;
  throw new HttpException(
    body(
      412,
      'Precondition Failed',
      'The row has changed since it was read',
      FACET_ERROR_CODES.preconditionFailed,
    ),
    412,
  );
}
