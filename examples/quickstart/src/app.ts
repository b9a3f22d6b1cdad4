import 'reflect-metadata';
import { FacetExceptionFilter } from '@facet/nest';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';

export async function createApp() {
  const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
  // @facet/client calls /api/<version>/<resource>.
  app.setGlobalPrefix('api/v1');
  // Every error answers with Facet's body: { statusCode, error, message, code, path, issues }.
  app.useGlobalFilters(new FacetExceptionFilter(app.getHttpAdapter()));
  return app;
}
