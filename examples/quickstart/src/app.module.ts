import { FacetModule } from '@facet/nest';
import { Module } from '@nestjs/common';
import { accessibleWhere, readCaller } from './access.js';
import { ArticlesController } from './articles/articles.controller.js';
import { articles } from './articles/articles.resource.js';
import { FinishedArticlesController } from './articles/finished-articles.controller.js';
import { PrismaModule } from './prisma/prisma.module.js';
import { PrismaService } from './prisma/prisma.service.js';

@Module({
  imports: [
    // Once per app: your Prisma client, the access rule, and how to read the caller.
    FacetModule.forRootAsync({
      imports: [PrismaModule],
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => ({ prisma, accessibleWhere, readContext: readCaller }),
    }),
    // In the module that serves them: the resources, injectable with @InjectResource(articles).
    FacetModule.forFeature([articles]),
  ],
  controllers: [ArticlesController, FinishedArticlesController],
})
export class AppModule {}
