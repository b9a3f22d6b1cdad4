// resourceDocuments / describeResourceQueries on a real Nest app with real resources (PGlite): each
// caller context gets a document of its own in which a field its `expose` rule hides appears
// nowhere, neither in the query parameters nor in the response schemas, and one document is kept
// per context.
import 'reflect-metadata';
import { Controller, type INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiProperty, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineResource, FacetModule, Field, Relation, ResourceController } from '../src/index.js';
import { ApiResourceRoutes, resourceDocuments } from '../src/swagger/index.js';
import type { PrismaClient } from './generated/postgresql/client.js';
import { openTarget, type TestTarget } from './support/targets.js';

const staff = (context: Record<string, unknown>) => context.role === 'staff';

class DocReviewDto {
  @ApiProperty() id!: string;
  @ApiProperty() rating!: number;
  @ApiProperty({ description: 'Staff only' })
  @Field({ expose: staff })
  body!: string;
}

class DocBookDto {
  @ApiProperty() id!: number;
  @ApiProperty()
  @Field({ searchable: true })
  title!: string;
  @ApiProperty({ required: true, description: 'Staff only' })
  @Field({ expose: staff, searchable: true })
  internalNote!: string;
  @ApiProperty({ type: () => [DocReviewDto], required: false })
  @Relation(() => DocReviewDto, { isArray: true, expose: staff })
  reviews?: DocReviewDto[];
}

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: DocBookDto });

@ApiResourceRoutes(DocBookDto)
@Controller('books')
class BooksController extends ResourceController(books) {}

let target: TestTarget;
let app: INestApplication;
let base: OpenAPIObject;

beforeAll(async () => {
  target = await openTarget('pglite');
  @Module({
    imports: [FacetModule.forRoot({ prisma: target.prisma }), FacetModule.forFeature([books])],
    controllers: [BooksController],
  })
  class DocModule {}
  app = await NestFactory.create(DocModule, { logger: false });
  await app.init();
  base = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('t').build());
}, 60_000);

afterAll(async () => {
  await app?.close();
  await target?.close();
});

/** Every property name any schema of the document declares, at any depth. */
function propertyNames(document: unknown): Set<string> {
  const names = new Set<string>();
  const pending: unknown[] = [document];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === 'object' && value !== null) {
      const { properties } = value as { properties?: unknown };
      if (typeof properties === 'object' && properties !== null)
        for (const name of Object.keys(properties)) names.add(name);
      pending.push(...Object.values(value));
    }
  }
  return names;
}

describe('resourceDocuments', () => {
  it('leaves the hidden fields out of every part of a caller’s document, response schemas included', () => {
    const documentFor = resourceDocuments(base, app, [books]);
    const reader = documentFor({ role: 'reader' });
    const staffDocument = documentFor({ role: 'staff' });
    const text = JSON.stringify(reader);
    for (const hidden of ['internalNote', 'DocReviewDto']) expect(text.includes(hidden), hidden).toBe(false);
    expect(propertyNames(reader)).not.toContain('reviews');
    expect(reader.components?.schemas?.DocBookDto).toMatchObject({ required: ['id', 'title'] });

    const staffText = JSON.stringify(staffDocument);
    expect(staffDocument.components?.schemas?.DocBookDto).toMatchObject({
      properties: { internalNote: { type: 'string' }, reviews: { type: 'array' } },
      required: expect.arrayContaining(['internalNote']),
    });
    expect(staffDocument.components?.schemas?.DocReviewDto).toMatchObject({ properties: { body: {} } });
    expect(staffText).toContain('DocBookDtoWhereInput');
    expect(propertyNames(staffDocument.components?.schemas?.DocBookDtoWhereInput)).toContain('internalNote');
    // q names the searchable fields the caller may see, on the list and the count, and no others.
    const q = (document: OpenAPIObject, path: string) =>
      document.paths[path]?.get?.parameters?.find(
        (parameter) => 'name' in parameter && parameter.name === 'q',
      );
    for (const path of ['/books', '/books/count']) {
      expect(q(reader, path)).toMatchObject({ schema: { 'x-facet-searchable': ['title'] } });
      expect(q(staffDocument, path)).toMatchObject({
        schema: { 'x-facet-searchable': ['title', 'internalNote'] },
        description: expect.stringContaining('title, internalNote'),
      });
    }
    expect(q(reader, '/books/{id}')).toBeUndefined();
    // The base document is not changed: each context works on its own copy.
    expect(base.components?.schemas?.DocBookDto).toMatchObject({ properties: { internalNote: {} } });
  });

  it('documents GET /aggregate: by and each selection name the fields the caller may use there', () => {
    const documentFor = resourceDocuments(base, app, [books]);
    const parameter = (document: OpenAPIObject, name: string) =>
      document.paths['/books/aggregate']?.get?.parameters?.find(
        (candidate) => 'name' in candidate && candidate.name === name,
      ) as { schema: Record<string, unknown> } | undefined;
    const reader = documentFor({ role: 'reader' });
    const staffDocument = documentFor({ role: 'staff' });
    const byField = (document: OpenAPIObject) =>
      (parameter(document, 'by')?.schema.oneOf as { enum?: string[] }[] | undefined)?.[0]?.enum;
    // The model's types decide too: `id` is a number, `title` and `internalNote` texts.
    expect(byField(reader)).toEqual(['id', 'title']);
    expect(byField(staffDocument)).toEqual(['id', 'title', 'internalNote']);
    expect(Object.keys(parameter(reader, '_avg')?.schema.properties as object)).toEqual(['id']);
    expect(Object.keys(parameter(staffDocument, '_max')?.schema.properties as object)).toEqual([
      'id',
      'title',
      'internalNote',
    ]);
    const answer = base.paths['/books/aggregate']?.get?.responses['200'] as unknown as {
      content: { 'application/json': { schema: { oneOf: object[] } } };
    };
    expect(answer.content['application/json'].schema.oneOf).toHaveLength(2);
  });

  it('keeps one document per context key, and prepares each once', () => {
    let prepared = 0;
    const documentFor = resourceDocuments(base, app, [books], {
      key: (context) => String(context.role),
      prepare: (document, context) => {
        prepared += 1;
        // A caller who may not use the detail routes does not see them, nor what only they used.
        if (context.role !== 'staff') {
          for (const path of Object.keys(document.paths))
            if (path.includes('{id}')) delete document.paths[path];
        }
      },
    });
    const first = documentFor({ role: 'reader', user: 1 });
    expect(documentFor({ role: 'reader', user: 2 })).toBe(first);
    expect(documentFor({ role: 'staff' })).not.toBe(first);
    expect(prepared).toBe(2);
    expect(Object.keys(first.paths).some((path) => path.includes('{id}'))).toBe(false);
    expect(Object.keys(documentFor({ role: 'staff' }).paths).some((path) => path.includes('{id}'))).toBe(
      true,
    );
  });
});
