import { describe, expect, it } from 'vitest';
import { WRITE_FAULT_SIGNS, type WriteFault, writeFaultException, writeFaultOf } from './write-errors.js';

/** A Prisma known request error as Prisma 7 builds it with a driver adapter (name and fields only). */
const prismaError = (code: string, cause?: Record<string, unknown>) =>
  Object.assign(new Error(`Invalid invocation: constraint Book_isbn_key on table "Book"`), {
    name: 'PrismaClientKnownRequestError',
    code,
    meta: cause === undefined ? { modelName: 'Book' } : { modelName: 'Book', driverAdapterError: { cause } },
  });
const adapterError = (cause: Record<string, unknown>) =>
  Object.assign(new Error('adapter'), { name: 'DriverAdapterError', cause });

describe('write faults', () => {
  it.each<[string, unknown, 'create' | 'update' | 'delete', WriteFault | undefined]>([
    ['P2002', prismaError('P2002'), 'create', 'conflict'],
    ['P2025', prismaError('P2025'), 'update', 'not_found'],
    ['P2001', prismaError('P2001'), 'update', 'not_found'],
    ['P2003 on a create', prismaError('P2003'), 'create', 'invalid_reference'],
    ['P2003 on a delete', prismaError('P2003'), 'delete', 'still_referenced'],
    ['P2014 on a delete', prismaError('P2014'), 'delete', 'still_referenced'],
    // PGlite answers a delete of a referenced row with P2039 and SQLSTATE 23001.
    [
      'P2039 / 23001',
      prismaError('P2039', { kind: 'postgres', code: '23001', originalCode: '23001' }),
      'delete',
      'still_referenced',
    ],
    [
      'P2039 / 23505',
      prismaError('P2039', { kind: 'postgres', originalCode: '23505' }),
      'create',
      'conflict',
    ],
    [
      'adapter kind UniqueConstraintViolation',
      adapterError({ kind: 'UniqueConstraintViolation' }),
      'update',
      'conflict',
    ],
    [
      'adapter kind ForeignKeyConstraintViolation',
      adapterError({ kind: 'ForeignKeyConstraintViolation' }),
      'update',
      'invalid_reference',
    ],
    ['MariaDB 1062', adapterError({ kind: 'mysql', originalCode: '1062' }), 'create', 'conflict'],
    ['MariaDB 1452', adapterError({ kind: 'mysql', originalCode: 1452 }), 'create', 'invalid_reference'],
    ['MariaDB 1451', adapterError({ kind: 'mysql', originalCode: '1451' }), 'delete', 'still_referenced'],
    ['a timeout', prismaError('P2024'), 'create', undefined],
    ['a check constraint (23514)', prismaError('P2039', { originalCode: '23514' }), 'create', undefined],
    ['not an error', 'P2002', 'create', undefined],
    ['null', null, 'create', undefined],
  ])('%s', (_name, error, operation, fault) => {
    expect(writeFaultOf(error, operation)).toBe(fault);
  });

  it('answers each fault with a fixed body that names no table, column or constraint', () => {
    const faults: WriteFault[] = ['conflict', 'not_found', 'invalid_reference', 'still_referenced'];
    const statuses = faults.map((fault) => {
      const exception = writeFaultException(fault, prismaError('P2002'));
      const body = exception.getResponse() as Record<string, unknown>;
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message', 'statusCode']);
      expect(JSON.stringify(body)).not.toMatch(/Book|isbn|_key|table/);
      expect(body.statusCode).toBe(exception.getStatus());
      return [fault, exception.getStatus(), body.code];
    });
    expect(statuses).toEqual([
      ['conflict', 409, 'conflict'],
      ['not_found', 404, 'not_found'],
      ['invalid_reference', 400, 'invalid_reference'],
      ['still_referenced', 409, 'still_referenced'],
    ]);
  });

  it('reads each sign of the table, and no code of one fault is a sign of another', () => {
    const all = Object.values(WRITE_FAULT_SIGNS).flatMap((signs) => [...signs.prisma, ...signs.database]);
    expect(new Set(all).size).toBe(all.length);
    for (const [name, signs] of Object.entries(WRITE_FAULT_SIGNS)) {
      for (const code of signs.prisma)
        expect(writeFaultOf(prismaError(code), 'create'), `${name} ${code}`).toBeDefined();
      for (const code of signs.database) {
        expect(writeFaultOf(adapterError({ originalCode: code }), 'create'), `${name} ${code}`).toBeDefined();
      }
    }
  });
});
