import { FacetModule, ResourceController } from '@facet/nest';
import { createCaslAccessibleWhere } from '@facet/nest/casl';
import { ApiResourceRoutes } from '@facet/nest/swagger';
import { Controller, Module } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CALLER, type RequestWithCaller } from '../auth/caller.js';
import { AuthorDto, ReviewDto } from '../dto/index.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA, PRISMA_REPLICAS } from '../prisma/prisma.token.js';
import { BooksController } from './books.controller.js';
import { authors, books, reviews } from './library.resources.js';

@ApiTags('authors')
@ApiResourceRoutes(AuthorDto)
@Controller('authors')
class AuthorsController extends ResourceController(authors) {}

@ApiTags('reviews')
@ApiResourceRoutes(ReviewDto)
@Controller('reviews')
class ReviewsController extends ResourceController(reviews) {}

@Module({
  imports: [
    FacetModule.forRootAsync({
      // AuthGuard put the caller on the request: its CASL ability, and its role for `expose` rules.
      useFactory: (prisma: PrismaClient, replicas: readonly PrismaClient[]) => ({
        prisma,
        // Resource reads go to a healthy replica; writes (BooksController's handlers use PRISMA)
        // stay on the primary, and every write answers with a Facet-Consistency token.
        replicas,
        // Seals keyset cursors and signs consistency tokens: every process must share it (set
        // FACET_SECRET for several machines; src/main.ts draws one for its own workers). Without it
        // Facet uses a key per process, which it refuses with replicas.
        ...(process.env.FACET_SECRET ? { secret: process.env.FACET_SECRET } : {}),
        accessibleWhere: createCaslAccessibleWhere(),
        readContext: (request: unknown) => {
          const caller = (request as RequestWithCaller)[CALLER];
          return caller ? { ability: caller.ability, context: { role: caller.role } } : {};
        },
      }),
      inject: [PRISMA, PRISMA_REPLICAS],
    }),
    FacetModule.forFeature([books, authors, reviews]),
  ],
  controllers: [BooksController, AuthorsController, ReviewsController],
})
export class ResourcesModule {}
