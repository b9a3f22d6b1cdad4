// FacetExceptionFilter over real HTTP on Express and Fastify: every error response has Facet's
// body shape, also for exceptions Facet did not build, and nothing of an unexpected error leaks.
import 'reflect-metadata';
import { FacetQueryError } from '@facet/core';
import { listenApp } from '@facet/test-support/net';
import { Controller, ForbiddenException, Get, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFacetErrorBody } from '../src/advanced/index.js';
import { FacetExceptionFilter, FacetQueryException } from '../src/index.js';

@Controller('fail')
class FailController {
  @Get('forbidden')
  forbidden(): never {
    throw new ForbiddenException('Readers may not do this.');
  }

  @Get('facet')
  facet(): never {
    throw new FacetQueryException(
      new FacetQueryError([
        { code: 'unknown_key', path: ['where', 'secret'], message: 'field is not available' },
      ]),
    );
  }

  @Get('crash')
  crash(): never {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
  }
}

@Module({ controllers: [FailController] })
class FailModule {}

const apps = new Map<string, { app: INestApplication; url: string }>();

beforeAll(async () => {
  for (const platform of ['express', 'fastify'] as const) {
    const app =
      platform === 'fastify'
        ? await NestFactory.create(FailModule, new FastifyAdapter(), { logger: false })
        : await NestFactory.create(FailModule, { logger: false });
    app.useGlobalFilters(new FacetExceptionFilter(app.getHttpAdapter()));
    apps.set(platform, { app, url: await listenApp(app) });
  }
});

afterAll(async () => {
  for (const { app } of apps.values()) await app.close();
});

async function get(platform: string, path: string) {
  const response = await fetch(`${apps.get(platform)?.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(['express', 'fastify'])('FacetExceptionFilter on %s', (platform) => {
  it("adds a code to an application's own HttpException", async () => {
    expect(await get(platform, '/fail/forbidden')).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Readers may not do this.', code: 'forbidden' },
    });
  });

  it("gives the platform's 404 for an unknown route the same shape", async () => {
    const response = await get(platform, '/nowhere');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'not_found' });
    expect(typeof response.body.message).toBe('string');
  });

  it("keeps Facet's own body (path, issues) as it is", async () => {
    const response = await get(platform, '/fail/facet');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'unknown_key',
      path: 'where.secret',
      issues: [{ code: 'unknown_key', path: 'where.secret' }],
    });
  });

  it('answers an unexpected error with an opaque 500', async () => {
    const response = await get(platform, '/fail/crash');
    expect(response).toEqual({
      status: 500,
      body: {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Internal server error',
        code: 'internal_error',
      },
    });
  });
});

describe('toFacetErrorBody', () => {
  it("joins class-validator's message arrays and derives the reason phrase", () => {
    expect(toFacetErrorBody(422, { message: ['a is bad', 'b is bad'] })).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'a is bad; b is bad',
      code: 'unprocessable_entity',
    });
    expect(toFacetErrorBody(418, 'short and stout')).toEqual({
      statusCode: 418,
      error: 'I Am A Teapot',
      message: 'short and stout',
      code: 'http_418',
    });
  });
});
