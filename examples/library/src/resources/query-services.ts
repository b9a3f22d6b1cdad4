import { type AccessibleWhere, QueryService } from '@facet/nest';
import { createCaslAccessibleWhere } from '@facet/nest/casl';
import { Inject, Injectable } from '@nestjs/common';
import type { AppAbility } from '../auth/index.js';
import { AuthorDto, BookDto, ReviewDto } from '../dto/index.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { PRISMA } from '../prisma/prisma.token.js';
import type { AuthorTypeMap, BookTypeMap, ReviewTypeMap } from './type-maps.js';

/**
 * One QueryService per model, each merging the caller's CASL read filter into every read. With
 * `dto`, the filters of related subjects reach into relations too (to-many includes, relation
 * filters, `_count`), and to-many includes are capped (`maxIncludeTake`, default 100).
 */
@Injectable()
export class QueryServices {
  readonly books: QueryService<PrismaClient['book'], BookTypeMap, AppAbility>;
  readonly authors: QueryService<PrismaClient['author'], AuthorTypeMap, AppAbility>;
  readonly reviews: QueryService<PrismaClient['review'], ReviewTypeMap, AppAbility>;
  /** The same filter the services merge, for the one read that takes no ability (aggregate). */
  readonly bookAccess: AccessibleWhere<AppAbility, Prisma.BookWhereInput> =
    createCaslAccessibleWhere<Prisma.BookWhereInput>();

  constructor(@Inject(PRISMA) prisma: PrismaClient) {
    this.books = new QueryService(prisma.book, {
      subject: 'Book',
      accessibleWhere: this.bookAccess,
      dto: BookDto,
    });
    this.authors = new QueryService(prisma.author, {
      subject: 'Author',
      accessibleWhere: createCaslAccessibleWhere<Prisma.AuthorWhereInput>(),
      dto: AuthorDto,
    });
    this.reviews = new QueryService(prisma.review, {
      subject: 'Review',
      accessibleWhere: createCaslAccessibleWhere<Prisma.ReviewWhereInput>(),
      dto: ReviewDto,
    });
  }
}
