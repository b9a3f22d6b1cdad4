import 'reflect-metadata';
import { useFacetHttp } from '@facet/nest';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module.js';

export async function createApp() {
  const app = await NestFactory.create(AppModule, { logger: ['error', 'warn'] });
  // @facet/client calls /api/<version>/<resource>.
  app.setGlobalPrefix('api/v1');
  // Every error answers with Facet's body: { statusCode, error, message, code, path, issues },
  // unknown routes, undecodable URLs and oversized or over-deep JSON bodies included.
  useFacetHttp(app);
  return app;
}
