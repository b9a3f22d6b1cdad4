// The OpenAPI decorators of @facet/nest/swagger, read back from a real document built by
// @nestjs/swagger for the HTTP test app.
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpFixture, openHttpFixture, type RunningApp, startApp } from './http-app.js';

let fixture: HttpFixture;
let running: RunningApp;
let document: ReturnType<typeof SwaggerModule.createDocument>;

beforeAll(async () => {
  fixture = await openHttpFixture();
  running = await startApp(fixture, 'express');
  document = SwaggerModule.createDocument(running.app, new DocumentBuilder().setTitle('test').build());
}, 60_000);

afterAll(async () => {
  await running?.app.close();
  await fixture?.close();
});

describe('@facet/nest/swagger', () => {
  it('documents the query parameters, with the fields grammar and examples', () => {
    const list = document.paths['/books']?.get;
    const names = (list?.parameters ?? []).map((parameter) => ('name' in parameter ? parameter.name : ''));
    expect(names).toEqual(
      expect.arrayContaining(['page', 'perPage', 'where', 'orderBy', 'include', 'select', 'fields']),
    );
    const fields = list?.parameters?.find((parameter) => 'name' in parameter && parameter.name === 'fields');
    expect(fields).toMatchObject({
      in: 'query',
      required: false,
      description: expect.stringContaining('items{items{name}}'),
      examples: { envelope: { value: 'items{id,title},meta{page,hasNextPage}' } },
    });
    const perPage = list?.parameters?.find(
      (parameter) => 'name' in parameter && parameter.name === 'perPage',
    );
    expect(perPage).toMatchObject({ schema: { type: 'integer', minimum: 1, maximum: 100 } });
  });

  it('documents the cursors: after and before on the pages, nextCursor and prevCursor in the meta', () => {
    for (const page of ['/books', '/books/search']) {
      const parameters = document.paths[page]?.get?.parameters ?? [];
      for (const name of ['after', 'before']) {
        const parameter = parameters.find((each) => 'name' in each && each.name === name);
        expect(parameter, `${page} ${name}`).toMatchObject({
          in: 'query',
          required: false,
          schema: { type: 'string', minLength: 1 },
          description: expect.stringContaining(name === 'after' ? 'meta.nextCursor' : 'meta.prevCursor'),
        });
      }
    }
    const meta = document.paths['/books/search']?.get?.responses['200'] as unknown as {
      content: {
        'application/json': { schema: { properties: { meta: { properties: object; required: string[] } } } };
      };
    };
    const schema = meta.content['application/json'].schema.properties.meta;
    expect(schema.properties).toMatchObject({
      nextCursor: { type: 'string', nullable: true },
      prevCursor: { type: 'string', nullable: true },
    });
    expect(schema.required).toEqual(expect.arrayContaining(['nextCursor', 'prevCursor']));
  });

  it('documents q and count on the pages, and meta.countMode', () => {
    const names = (path: string) =>
      (document.paths[path]?.get?.parameters ?? []).map((parameter) =>
        'name' in parameter ? parameter.name : '',
      );
    for (const page of ['/books', '/books/search'])
      expect(names(page)).toEqual(expect.arrayContaining(['q', 'count']));
    const count = document.paths['/books']?.get?.parameters?.find(
      (parameter) => 'name' in parameter && parameter.name === 'count',
    );
    expect(count).toMatchObject({
      schema: { type: 'string', enum: ['exact', 'estimated', 'none'], default: 'exact' },
    });
    const meta = document.paths['/books/search']?.get?.responses['200'] as unknown as {
      content: { 'application/json': { schema: { properties: { meta: { properties: object } } } } };
    };
    expect(meta.content['application/json'].schema.properties.meta.properties).toMatchObject({
      countMode: { type: 'string', enum: ['exact', 'estimated'] },
    });
  });

  it('documents the paged response of a DTO and registers the DTO schema', () => {
    const ok = document.paths['/books/search']?.get?.responses['200'];
    expect(ok).toMatchObject({
      content: {
        'application/json': {
          schema: {
            properties: {
              items: { type: 'array', items: { $ref: '#/components/schemas/BookDto' } },
              meta: { properties: { itemCount: { type: 'integer' } } },
            },
          },
        },
      },
    });
    expect(document.components?.schemas?.BookDto).toMatchObject({
      properties: { title: { type: 'string' }, author: { $ref: '#/components/schemas/AuthorDto' } },
    });
  });

  it('documents the error responses with the FacetErrorBody schema', () => {
    const responses = document.paths['/books']?.get?.responses ?? {};
    for (const status of ['400', '403', '404', '500']) {
      expect(responses[status]).toMatchObject({
        content: {
          'application/json': {
            schema: {
              required: ['statusCode', 'error', 'message', 'code'],
              properties: { path: { type: 'string' } },
            },
          },
        },
      });
    }
    // 503/504 only exist with `databaseFaultStatus: 'specific'`, so they are opt-in here too.
    expect(responses['503']).toBeUndefined();
  });
});
