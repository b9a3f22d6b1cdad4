// FacetExceptionFilter over real HTTP on Express and Fastify: every error response has Facet's
// body shape, also for exceptions Facet did not build, and nothing of an unexpected error leaks. A
// FacetQueryError thrown by a route is the 400 of FacetQueryException, byte for byte, behind
// FacetExceptionFilter and behind FacetModule's FacetQueryErrorFilter alike.
import 'reflect-metadata';
import { FacetQueryError } from '@facet/core';
import { listenApp } from '@facet/test-support/net';
import {
  Body,
  ConflictException,
  Controller,
  ForbiddenException,
  Get,
  type INestApplication,
  Module,
  Post,
  ValidationPipe,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { IsEmail, IsString } from 'class-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toFacetErrorBody } from '../src/advanced/index.js';
import { FacetExceptionFilter, FacetModule, FacetQueryException } from '../src/index.js';

const REFUSAL = (): FacetQueryError =>
  new FacetQueryError([
    { code: 'unknown_key', path: ['where', 'secret'], message: 'field is not available' },
    { code: 'too_many', path: ['where', 'a.b'], message: 'too many keys', limit: 3 },
  ]);

class SignUpBody {
  @IsString() name!: string;
  @IsEmail() email!: string;
}

@Controller('fail')
class FailController {
  // An app's own route behind Nest's ValidationPipe, as before Facet was added.
  @Post('sign-up')
  signUp(@Body(new ValidationPipe({ expectedType: SignUpBody })) body: SignUpBody): SignUpBody {
    return body;
  }

  // An app's own bodies: a key of its own beside the message, and no message at all.
  @Post('taken')
  taken(): never {
    throw new ConflictException({ statusCode: 409, message: 'This email is taken.', field: 'email' });
  }

  @Get('no-message')
  noMessage(): never {
    throw new ConflictException({ errors: { email: ['taken'] } });
  }

  @Get('refusal-exception')
  refusalException(): never {
    throw new FacetQueryException(REFUSAL());
  }

  @Get('refusal')
  refusal(): never {
    throw REFUSAL();
  }

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

// The same controller in an app that imports FacetModule and registers no filter of its own.
@Module({ imports: [FacetModule.forRoot({ prisma: {} })], controllers: [FailController] })
class FailWithFacetModule {}

const apps = new Map<string, { app: INestApplication; url: string }>();

async function create(module: object, platform: 'express' | 'fastify'): Promise<INestApplication> {
  return platform === 'fastify'
    ? await NestFactory.create(module, new FastifyAdapter(), { logger: false })
    : await NestFactory.create(module, { logger: false });
}

beforeAll(async () => {
  for (const platform of ['express', 'fastify'] as const) {
    const app = await create(FailModule, platform);
    app.useGlobalFilters(new FacetExceptionFilter(app.getHttpAdapter()));
    apps.set(platform, { app, url: await listenApp(app) });
    const moduleApp = await create(FailWithFacetModule, platform);
    apps.set(`${platform} with FacetModule`, { app: moduleApp, url: await listenApp(moduleApp) });
  }
});

afterAll(async () => {
  for (const { app } of apps.values()) await app.close();
});

async function get(platform: string, path: string) {
  const response = await fetch(`${apps.get(platform)?.url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function raw(platform: string, path: string) {
  const response = await fetch(`${apps.get(platform)?.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

const REFUSAL_BODY = {
  statusCode: 400,
  error: 'Bad Request',
  message: 'field is not available at where.secret (and 1 more)',
  code: 'unknown_key',
  path: 'where.secret',
  issues: [
    { code: 'unknown_key', path: 'where.secret', message: 'field is not available' },
    { code: 'too_many', path: 'where["a.b"]', message: 'too many keys', limit: 3 },
  ],
};

describe.each(['express', 'fastify', 'express with FacetModule', 'fastify with FacetModule'])(
  'a FacetQueryError thrown by a route on %s',
  (app) => {
    it('is the 400 of FacetQueryException, byte for byte', async () => {
      const thrown = await raw(app, '/fail/refusal');
      expect(thrown).toEqual(await raw(app, '/fail/refusal-exception'));
      expect(thrown.status).toBe(400);
      expect(JSON.parse(thrown.text)).toEqual(REFUSAL_BODY);
    });
  },
);

describe.each(['express', 'fastify'])("FacetModule's filter on %s", (platform) => {
  it("leaves every other error to Nest's own filter", async () => {
    expect(await get(`${platform} with FacetModule`, '/fail/crash')).toEqual({
      status: 500,
      body: { statusCode: 500, message: 'Internal server error' },
    });
    expect(await get(`${platform} with FacetModule`, '/fail/forbidden')).toEqual({
      status: 403,
      body: { statusCode: 403, error: 'Forbidden', message: 'Readers may not do this.' },
    });
  });
});

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

  it("keeps the body of an app's own route as Nest sends it (class-validator's list), adding a code", async () => {
    const post = async (app: string, path: string, body?: object) => {
      const response = await fetch(`${apps.get(app)?.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const signUp = await post(platform, '/fail/sign-up', { name: 7, email: 'nope' });
    expect(signUp).toEqual({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: ['name must be a string', 'email must be an email'],
        code: 'bad_request',
      },
    });
    // Nest's own filter (the app without FacetExceptionFilter) sends the same body, without the code.
    const { code: _code, ...withoutCode } = signUp.body;
    expect(await post(`${platform} with FacetModule`, '/fail/sign-up', { name: 7, email: 'nope' })).toEqual({
      status: 400,
      body: withoutCode,
    });
    expect(await post(platform, '/fail/taken')).toEqual({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'This email is taken.',
        field: 'email',
        code: 'conflict',
      },
    });
    expect(await get(platform, '/fail/no-message')).toEqual({
      status: 409,
      body: {
        statusCode: 409,
        error: 'Conflict',
        message: 'Conflict',
        code: 'conflict',
        errors: { email: ['taken'] },
      },
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
