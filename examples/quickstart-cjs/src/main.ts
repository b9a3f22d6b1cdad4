import 'reflect-metadata';
import { useFacetHttp } from '@facet/nest';
import { resourceDocuments } from '@facet/nest/swagger';
import { ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { readCaller } from './access';
import { AppModule } from './app.module';
import { orderLines, orders, products } from './shop/shop.resources';

async function bootstrap() {
  const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
  // @facet/client calls /api/<version>/<resource> by default.
  app.setGlobalPrefix('api/v1');
  // The pipe most Nest apps already have: Facet's routes validate their own query before it runs.
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }));
  // A front end on another origin (Vite's dev server) may call the API; list your own origins.
  app.enableCors({ origin: process.env.WEB_ORIGIN ?? 'http://localhost:5173' });
  // Every error answers with Facet's body: { statusCode, error, message, code, path, issues }.
  useFacetHttp(app);
  // One OpenAPI document per role, each naming only what that role may see.
  const base = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Shop').build());
  const documentFor = resourceDocuments(base, app, [products, orders, orderLines], {
    key: (context) => String(context.role),
  });
  SwaggerModule.setup('api/docs', app, documentFor({ role: 'anonymous' }), {
    patchDocumentOnRequest: (request) => documentFor(readCaller(request as never).context),
  });
  await app.listen(process.env.PORT ?? 3000);
}
void bootstrap();
