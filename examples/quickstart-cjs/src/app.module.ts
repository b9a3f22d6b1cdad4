import { FacetModule } from '@facet/nest';
import { Module } from '@nestjs/common';
import { accessibleWhere, readCaller } from './access';
import { NewsletterController } from './newsletter/newsletter.controller';
import { PrismaModule } from './prisma/prisma.module';
import { PrismaService } from './prisma/prisma.service';
import { MyOrdersController, OrderLinesController, ProductsController } from './shop/shop.controllers';
import { orderLines, orders, products } from './shop/shop.resources';

@Module({
  imports: [
    // Once per app: your Prisma client, the access rule, and how to read the caller.
    FacetModule.forRootAsync({
      imports: [PrismaModule],
      inject: [PrismaService],
      useFactory: (prisma: PrismaService) => ({ prisma, accessibleWhere, readContext: readCaller }),
    }),
    // In the module that serves them: the resources, injectable with @InjectResource(orders).
    FacetModule.forFeature([products, orders, orderLines]),
  ],
  controllers: [ProductsController, OrderLinesController, MyOrdersController, NewsletterController],
})
export class AppModule {}
