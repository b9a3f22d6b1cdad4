import {
  BadRequestException,
  ConflictException,
  type HttpException,
  NotFoundException,
} from '@nestjs/common';
import { isNonNullObject } from './classify-error.js';
import { body, FACET_ERROR_CODES } from './prisma-error.mapper.js';

/**
 * What a database error raised by a write means for the caller. Each is answered with a fixed text
 * and code: Prisma's messages and `meta` name the table, the columns and the constraint, and those
 * only ever go to `errorLogger`.
 * - `conflict`: a unique constraint refused the row (409).
 * - `not_found`: the row the write needed is gone (404, the answer of a missing row).
 * - `invalid_reference`: a foreign key names no row (400).
 * - `still_referenced`: a delete (or a key change) would leave rows that reference this one (409).
 */
export type WriteFault = 'conflict' | 'not_found' | 'invalid_reference' | 'still_referenced';

/** How each database speaks of one fault: Prisma's code, the driver adapter's kind, the database's own code. */
interface WriteFaultSigns {
  readonly prisma: readonly string[];
  readonly adapterKinds: readonly string[];
  /** PostgreSQL SQLSTATEs and MySQL/MariaDB error numbers, as the adapter reports them. */
  readonly database: readonly string[];
}

/**
 * The table every write error is read by (one row per fault). A foreign key is `invalid_reference`
 * when the write sets it and `still_referenced` when a delete meets it; `writeFaultOf` decides which
 * by the operation.
 */
export const WRITE_FAULT_SIGNS = {
  conflict: {
    prisma: ['P2002'],
    adapterKinds: ['UniqueConstraintViolation'],
    // 23505 unique_violation; MySQL 1062 duplicate entry, 1586 duplicate entry for a named key.
    database: ['23505', '1062', '1586'],
  },
  not_found: {
    // P2025 a record the operation needed was not found; P2001 the record searched for does not exist.
    prisma: ['P2025', 'P2001'],
    adapterKinds: [],
    database: [],
  },
  reference: {
    // P2003 foreign key constraint failed; P2014 the change would violate a required relation.
    prisma: ['P2003', 'P2014'],
    adapterKinds: ['ForeignKeyConstraintViolation'],
    // 23503 foreign_key_violation, 23001 restrict_violation (PGlite's answer to a delete of a
    // referenced row); MySQL 1451 parent row referenced, 1452 child row without parent, 1216/1217 the older numbers.
    database: ['23503', '23001', '1451', '1452', '1216', '1217'],
  },
} as const satisfies Record<'conflict' | 'not_found' | 'reference', WriteFaultSigns>;

function adapterCause(error: object): { kind?: unknown; code?: unknown; originalCode?: unknown } {
  const { meta, cause } = error as { meta?: unknown; cause?: unknown };
  const fromMeta = isNonNullObject(meta)
    ? (meta as { driverAdapterError?: { cause?: unknown } }).driverAdapterError?.cause
    : undefined;
  const found = fromMeta ?? ((error as { name?: unknown }).name === 'DriverAdapterError' ? cause : undefined);
  return isNonNullObject(found) ? (found as { kind?: unknown; code?: unknown; originalCode?: unknown }) : {};
}

function matches(error: object, signs: WriteFaultSigns): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && signs.prisma.includes(code)) return true;
  const cause = adapterCause(error);
  if (typeof cause.kind === 'string' && signs.adapterKinds.includes(cause.kind)) return true;
  const databaseCode = cause.originalCode ?? cause.code;
  return (
    (typeof databaseCode === 'string' || typeof databaseCode === 'number') &&
    signs.database.includes(String(databaseCode))
  );
}

/** The fault a write's error stands for, or `undefined` when it is none of the four (the read rules apply). */
export function writeFaultOf(
  error: unknown,
  operation: 'create' | 'update' | 'delete',
): WriteFault | undefined {
  if (!isNonNullObject(error)) return undefined;
  if (matches(error, WRITE_FAULT_SIGNS.conflict)) return 'conflict';
  if (matches(error, WRITE_FAULT_SIGNS.reference)) {
    return operation === 'delete' ? 'still_referenced' : 'invalid_reference';
  }
  if (matches(error, WRITE_FAULT_SIGNS.not_found)) return 'not_found';
  return undefined;
}

/** The answer to a write fault: a fixed body that names no table, column or constraint. */
export function writeFaultException(fault: WriteFault, cause?: unknown): HttpException {
  const options = cause === undefined ? undefined : { cause };
  switch (fault) {
    case 'conflict':
      return new ConflictException(
        body(409, 'Conflict', 'The row conflicts with an existing one', FACET_ERROR_CODES.conflict),
        options,
      );
    case 'not_found':
      return new NotFoundException(
        body(404, 'Not Found', 'Record not found', FACET_ERROR_CODES.notFound),
        options,
      );
    case 'invalid_reference':
      return new BadRequestException(
        body(400, 'Bad Request', 'A reference names no row', FACET_ERROR_CODES.invalidReference),
        options,
      );
    case 'still_referenced':
      return new ConflictException(
        body(409, 'Conflict', 'Other rows still reference this row', FACET_ERROR_CODES.stillReferenced),
        options,
      );
  }
}
