// Type tests (tsc includes test/): every argument Prisma's read operations take has a row in the
// table of arguments (read/check/argument-fields.ts), so a key a new Prisma version adds to
// findMany, findFirst, findUnique, count, aggregate, groupBy or a relation's load fails to compile here
// until the check stage classifies it (and checks it against the DTO when it names fields).
import { expectTypeOf } from 'vitest';
import type { ARGUMENT_FIELDS } from '../src/read/check/argument-fields.js';
import type { Prisma } from './generated/postgresql/client.js';

type Classified = keyof typeof ARGUMENT_FIELDS;
type PrismaReadArguments =
  | keyof Prisma.BookFindManyArgs
  | keyof Prisma.BookFindFirstArgs
  | keyof Prisma.BookFindUniqueArgs
  | keyof Prisma.BookCountArgs
  | keyof Prisma.BookAggregateArgs
  | keyof Prisma.BookGroupByArgs
  | keyof Prisma.Book$reviewsArgs
  | keyof Prisma.AuthorCountOutputTypeDefaultArgs;

expectTypeOf<Exclude<PrismaReadArguments, Classified>>().toEqualTypeOf<never>();
