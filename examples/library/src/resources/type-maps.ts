import type { BaseDelegateTypeMap } from '@facet/nest';
import type { Prisma } from '../generated/prisma/client.js';

export interface BookTypeMap extends BaseDelegateTypeMap {
  select: Prisma.BookSelect;
  include: Prisma.BookInclude;
  whereInput: Prisma.BookWhereInput;
  orderByWithRelationInput: Prisma.BookOrderByWithRelationInput;
  whereUniqueInput: Prisma.BookWhereUniqueInput;
  scalarFieldEnum: Prisma.BookScalarFieldEnum;
  aggregateInputType: Prisma.BookAggregateArgs;
}

export interface AuthorTypeMap extends BaseDelegateTypeMap {
  select: Prisma.AuthorSelect;
  include: Prisma.AuthorInclude;
  whereInput: Prisma.AuthorWhereInput;
  orderByWithRelationInput: Prisma.AuthorOrderByWithRelationInput;
  whereUniqueInput: Prisma.AuthorWhereUniqueInput;
  scalarFieldEnum: Prisma.AuthorScalarFieldEnum;
  aggregateInputType: Prisma.AuthorAggregateArgs;
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
