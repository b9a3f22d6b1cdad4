import { describe, expect, it } from 'vitest';
import { resolveQueryServiceOptions } from './query-service.options.js';

const resolve = (options: object) => resolveQueryServiceOptions(options as never, undefined);

describe('resolveQueryServiceOptions', () => {
  it('fills in the documented defaults', () => {
    const resolved = resolveQueryServiceOptions({ idType: 'int' });
    expect(resolved).toMatchObject({
      access: undefined,
      defaultPerPage: 20,
      maxPerPage: 100,
      key: [{ name: 'id', type: 'int' }],
      maxPage: 10_000,
      maxIncludeTake: 100,
      dto: undefined,
      databaseFaultStatus: 'internal',
      errorLoggerScope: 'mapped',
      knownRequestErrors: 'by-cause',
      forbiddenError: 'forbidden',
    });
    expect(typeof resolved.errorLogger).toBe('function');
  });

  it.each([
    [{ defaultPerPage: 0 }, RangeError, /`defaultPerPage`/],
    [{ maxPerPage: 1.5 }, RangeError, /`maxPerPage`/],
    [{ defaultPerPage: 50, maxPerPage: 10 }, RangeError, /`defaultPerPage`.*`maxPerPage`/],
    [{ idField: '' }, TypeError, /`idField`/],
    [{ idField: [] }, TypeError, /`idField`/],
    [{ idField: ['isbn', 'isbn'] }, TypeError, /`idField`/],
    [{ idField: ['isbn', 7] }, TypeError, /`idField`/],
    [{ idType: 'uuid' }, TypeError, /`idType`/],
    [{ subject: 'Book' }, TypeError, /`subject` and `accessibleWhere`/],
    [{ accessibleWhere: () => ({}) }, TypeError, /`subject` and `accessibleWhere`/],
    [{ subject: '', accessibleWhere: () => ({}) }, TypeError, /`subject`/],
    [{ errorLogger: 'console' }, TypeError, /`errorLogger`/],
    [{ maxPage: 0 }, RangeError, /`maxPage`/],
    [{ maxIncludeTake: -1 }, RangeError, /`maxIncludeTake`/],
    [{ dto: {} }, TypeError, /`dto`/],
    [{ databaseFaultStatus: 503 }, TypeError, /`databaseFaultStatus`/],
    [{ maxPageSize: 10 }, TypeError, /Unknown QueryService option `maxPageSize`/],
    [{ errorLoggerScope: 'all' }, TypeError, /`errorLoggerScope`.*'mapped' or 'unexpected'/],
    [{ knownRequestErrors: 'spec' }, TypeError, /`knownRequestErrors`/],
    [{ forbiddenError: 403 }, TypeError, /`forbiddenError`/],
  ])('refuses %j naming the option', (options, type, message) => {
    expect(() => resolve({ idType: 'int', ...options })).toThrow(type);
    expect(() => resolve({ idType: 'int', ...options })).toThrow(message);
  });

  it("resolves idType 'auto' to 'as-given' for a delegate without Prisma's data model", () => {
    expect(resolveQueryServiceOptions({}, {}).key).toEqual([{ name: 'id', type: 'as-given' }]);
    expect(resolveQueryServiceOptions({ idType: 'as-given' }).key).toEqual([
      { name: 'id', type: 'as-given' },
    ]);
  });

  it('takes a list of fields for a compound key, and applies a given idType to every part', () => {
    expect(resolveQueryServiceOptions({ idField: ['isbn', 'printing'], idType: 'string' }, {}).key).toEqual([
      { name: 'isbn', type: 'string' },
      { name: 'printing', type: 'string' },
    ]);
  });
});
