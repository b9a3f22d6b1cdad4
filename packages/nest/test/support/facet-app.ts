// A Nest app of a test module on Express or Fastify, set up the way Facet's docs say: Fastify's
// adapter built with facetFastifyOptions(), and useFacetHttp on both.
import type { INestApplication, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { type FacetHttpOptions, facetFastifyOptions, useFacetHttp } from '../../src/index.js';

export type FacetPlatform = 'express' | 'fastify';

/** Creates the app (not yet listening); `beforeHttp` runs before useFacetHttp (a global prefix, say). */
export async function createFacetApp(
  module: Type,
  platform: FacetPlatform,
  options: { readonly http?: FacetHttpOptions; readonly beforeHttp?: (app: INestApplication) => void } = {},
): Promise<INestApplication> {
  const app =
    platform === 'fastify'
      ? await NestFactory.create(module, new FastifyAdapter(facetFastifyOptions()), { logger: false })
      : await NestFactory.create(module, { logger: false });
  options.beforeHttp?.(app);
  useFacetHttp(app, options.http);
  return app;
}
