// useFacetHttp over real HTTP on Express and Fastify: the requests no route sees (an unknown route,
// a URL that is not valid percent-encoding, a body too large, too deep or not JSON) get the same
// status and the same body on both platforms, in Facet's error shape, repeating nothing of the request.
import 'reflect-metadata';
import { listenApp } from '@facet/test-support/net';
import {
  Body,
  Controller,
  Get,
  type INestApplication,
  Module,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FacetConfigurationError } from '../src/advanced/index.js';
import { type FacetHttpOptions, useFacetHttp } from '../src/index.js';
import { createFacetApp } from './support/facet-app.js';

@Controller('items')
class ItemsController {
  @Get('missing')
  missing(): never {
    throw new NotFoundException('No such item.');
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return { length: id.length };
  }

  // No pipe of Facet's here: the limits hold for every route's body.
  @Post()
  create(@Body() body: unknown) {
    return { received: typeof body };
  }
}

@Module({ controllers: [ItemsController] })
class ItemsModule {}

type Platform = 'express' | 'fastify';
const PLATFORMS: readonly Platform[] = ['express', 'fastify'];

async function start(
  platform: Platform,
  options?: FacetHttpOptions,
): Promise<{ app: INestApplication; url: string }> {
  const app = await createFacetApp(ItemsModule, platform, {
    ...(options === undefined ? {} : { http: options }),
    beforeHttp: (created) => created.setGlobalPrefix('api'),
  });
  return { app, url: await listenApp(app) };
}

interface Answer {
  status: number;
  type: string;
  text: string;
}

const apps = new Map<string, { app: INestApplication; url: string }>();
/** The codes of the process warnings the apps' start-up emitted (Fastify's deprecations among them). */
const startWarnings: string[] = [];

beforeAll(async () => {
  const heard = (warning: Error & { code?: string }) => startWarnings.push(warning.code ?? warning.name);
  process.on('warning', heard);
  try {
    for (const platform of PLATFORMS) {
      apps.set(platform, await start(platform));
      apps.set(`${platform}-small`, await start(platform, { bodyLimit: 1000, maxBodyDepth: 4 }));
    }
    // A warning is emitted on the next tick: let it arrive before listening stops.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', heard);
  }
});

afterAll(async () => {
  for (const { app } of apps.values()) await app.close();
});

/** The same request to both platforms' apps; their answers, which must be equal. */
async function both(path: string, init: RequestInit = {}, variant = ''): Promise<Answer> {
  const answers: Answer[] = [];
  for (const platform of PLATFORMS) {
    const response = await fetch(`${apps.get(`${platform}${variant}`)?.url}${path}`, init);
    answers.push({
      status: response.status,
      type: (response.headers.get('content-type') ?? '').toLowerCase().replace(/\s/g, ''),
      text: await response.text(),
    });
  }
  const [express, fastify] = answers as [Answer, Answer];
  expect(fastify, `${init.method ?? 'GET'} ${path}`).toEqual(express);
  return express;
}

const post = (body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) => ({
  method: 'POST',
  headers,
  body,
});

function expectRefusal(answer: Answer, status: number, code: string, ...unechoed: string[]): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.type).toBe('application/json;charset=utf-8');
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(body).toMatchObject({
    statusCode: status,
    code,
    error: expect.any(String),
    message: expect.any(String),
  });
  for (const text of unechoed) expect(answer.text).not.toContain(text);
}

describe('useFacetHttp on Express and Fastify', () => {
  it('answers an unknown route alike, inside and outside the global prefix, without repeating it', async () => {
    for (const path of ['/api/nope-route', '/nope-route', '/api/items/1/nope-route', '/']) {
      for (const method of ['GET', 'DELETE', 'PUT']) {
        const answer = await both(path, { method });
        expectRefusal(answer, 404, 'not_found', 'nope-route', 'Cannot');
      }
    }
    // An application's own 404 keeps its message.
    expect(JSON.parse((await both('/api/items/missing')).text)).toMatchObject({ message: 'No such item.' });
  });

  it('answers a path that is not valid percent-encoding with a 400 bad_url, matched or not', async () => {
    for (const path of [
      '/api/items/%E0%A4%A',
      '/api/items/%ZZ',
      '/api/items/100%',
      '/api/nope%E0',
      '/x%ZZ/y',
    ]) {
      expectRefusal(await both(path), 400, 'bad_url', '%', 'items', 'nope');
      expectRefusal(await both(`${path}?q=1`), 400, 'bad_url', '%');
    }
    // A malformed escape in the query string is Facet's to read, not the router's.
    expect((await both('/api/items/7?q=%E0%A4%A')).status).toBe(200);
  });

  it('facetFastifyOptions sets no option Fastify deprecates (its router options under routerOptions)', () => {
    expect(startWarnings.filter((code) => code.startsWith('FSTDEP'))).toEqual([]);
  });

  it('routes a long path parameter on both (Fastify would answer 414 past 100 characters)', async () => {
    const answer = await both(`/api/items/${'x'.repeat(5000)}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ length: 5000 });
  });

  it('takes JSON bodies up to 100 KB by default on both, and answers a larger one with a 413', async () => {
    const body = (size: number) => JSON.stringify({ text: 'x'.repeat(size - 11) });
    expect(body(100 * 1024)).toHaveLength(100 * 1024);
    expect((await both('/api/items', post(body(100 * 1024)))).status).toBe(201);
    expectRefusal(await both('/api/items', post(body(100 * 1024 + 1))), 413, 'payload_too_large', 'xxx');
    expectRefusal(await both('/api/items', post(body(1_100_000))), 413, 'payload_too_large');
    // The option, on both.
    expect((await both('/api/items', post(body(1000)), '-small')).status).toBe(201);
    expectRefusal(await both('/api/items', post(body(1001)), '-small'), 413, 'payload_too_large');
  });

  it('refuses a deep body and a prototype key on every route, at any depth, with no stack overflow', async () => {
    const deep = `{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    expectRefusal(await both('/api/items', post(deep)), 400, 'too_deep');
    expectRefusal(await both('/api/items', post('{"a":[[[[1]]]]}'), '-small'), 400, 'too_deep');
    expect((await both('/api/items', post('{"a":[[[1]]]}'), '-small')).status).toBe(201);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const nested = `{"a":[{"b":{"${key}":{"polluted":true}}}]}`;
      const answer = await both('/api/items', post(nested));
      expectRefusal(answer, 400, 'prototype_key', 'polluted');
      expect(JSON.parse(answer.text).path).toBe(`a[0].b.${key}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('answers a body that is not JSON alike, without repeating it', async () => {
    for (const text of ['{"secret-text": ', '"a string"', 'nul', '{"a":1}}', '[1,]']) {
      expectRefusal(
        await both('/api/items', post(text)),
        400,
        'invalid_json',
        'secret-text',
        'Unexpected',
        'JSON at',
      );
    }
    expect((await both('/api/items', post(''))).status).toBe(201);
    expectRefusal(
      await both('/api/items', post('{"a":1}', { 'content-type': 'application/json; charset=latin1' })),
      415,
      'unsupported_media_type',
      'latin1',
    );
  });

  it('refuses to set up a Fastify app built without facetFastifyOptions()', async () => {
    const app = await NestFactory.create(ItemsModule, new FastifyAdapter(), { logger: false });
    try {
      expect(() => useFacetHttp(app)).toThrow(FacetConfigurationError);
      expect(() => useFacetHttp(app)).toThrow(/facetFastifyOptions/);
    } finally {
      await app.close();
    }
  });
});
