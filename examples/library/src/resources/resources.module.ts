import { FacetModule, ResourceController } from '@facet/nest';
import { createCaslAccessibleWhere } from '@facet/nest/casl';
import { ApiResourceRoutes } from '@facet/nest/swagger';
import { Controller, Module } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ReadEngineOptions } from '../app.module.js';
import { CALLER, type RequestWithCaller } from '../auth/caller.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA, PRISMA_REPLICAS, READ_ENGINE } from '../prisma/prisma.token.js';
import { BooksController } from './books.controller.js';
import { authors, books, reviews } from './library.resources.js';

@ApiTags('authors')
@ApiResourceRoutes(authors)
@Controller('authors')
class AuthorsController extends ResourceController(authors) {}

@ApiTags('reviews')
@ApiResourceRoutes(reviews)
@Controller('reviews')
class ReviewsController extends ResourceController(reviews, { writes: true }) {}

@Module({
  imports: [
    FacetModule.forRootAsync({
      useFactory: (prisma: PrismaClient, replicas: readonly PrismaClient[], reads: ReadEngineOptions) => ({
        prisma,
        // Reads go to a healthy replica, writes to the primary; a write answers a Facet-Consistency token.
        replicas,
        // List pages and counts compiled to SQL on the pool Prisma reads through (src/app.ts,
        // `readEngine`); what the compiler does not cover stays on Prisma.
        engine: reads.engine,
        ...(reads.sql === undefined ? {} : { sql: reads.sql }),
        // Seals cursors and signs consistency tokens: shared by every process (src/main.ts, docs/deploy.md).
        ...(process.env.FACET_SECRET ? { secret: process.env.FACET_SECRET } : {}),
        accessibleWhere: createCaslAccessibleWhere(),
        // AuthGuard put the caller on the request: its CASL ability, its role for `expose` rules,
        // and its id for the reviews it writes.
        readContext: (request: unknown) => {
          const caller = (request as RequestWithCaller)[CALLER];
          return caller
            ? { ability: caller.ability, context: { role: caller.role, userId: caller.userId } }
            : {};
        },
      }),
      inject: [PRISMA, PRISMA_REPLICAS, READ_ENGINE],
    }),
    FacetModule.forFeature([books, authors, reviews]),
  ],
  controllers: [BooksController, AuthorsController, ReviewsController],
})
export class ResourcesModule {}
