// The type map an application writes for its Book model, and a helper to build a QueryService
// over the real generated client of the suites.
import type { BaseDelegateTypeMap } from '../../src/index.js';
import type { Prisma, PrismaClient } from '../generated/postgresql/client.js';

export interface BookTypeMap extends BaseDelegateTypeMap {
  select: Prisma.BookSelect;
  include: Prisma.BookInclude;
  whereInput: Prisma.BookWhereInput;
  orderByWithRelationInput: Prisma.BookOrderByWithRelationInput;
  whereUniqueInput: Prisma.BookWhereUniqueInput;
  scalarFieldEnum: Prisma.BookScalarFieldEnum;
  aggregateInputType: Prisma.BookAggregateArgs;
}

export interface ReviewTypeMap extends BaseDelegateTypeMap {
  select: Prisma.ReviewSelect;
  include: Prisma.ReviewInclude;
  whereInput: Prisma.ReviewWhereInput;
  orderByWithRelationInput: Prisma.ReviewOrderByWithRelationInput;
  whereUniqueInput: Prisma.ReviewWhereUniqueInput;
  scalarFieldEnum: Prisma.ReviewScalarFieldEnum;
  aggregateInputType: Prisma.ReviewAggregateArgs;
}

export type BookDelegate = PrismaClient['book'];
export type ReviewDelegate = PrismaClient['review'];
