import { FacetModule } from '@facet/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import { accessibleWhere, readCaller } from './access.js';
import { ArticlesController } from './articles/articles.controller.js';
import { articles } from './articles/articles.resource.js';
import type { PrismaClient } from './generated/prisma/client.js';

@Module({})
export class AppModule {
  static forClient(prisma: PrismaClient): DynamicModule {
    return {
      module: AppModule,
      imports: [
        FacetModule.forRoot({ prisma, accessibleWhere, readContext: readCaller }),
        FacetModule.forFeature([articles]),
      ],
      controllers: [ArticlesController],
    };
  }
}
