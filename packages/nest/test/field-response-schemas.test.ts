// OpenAPI response schemas from Facet's `@Field()`/`@Relation()` alone (no `@ApiProperty()`, no
// swagger CLI plugin), on a real Nest app with real resources (PGlite): each property typed from
// the model as the server sends it, a property `@ApiProperty()` wrote kept as written, and per
// caller context (`resourceDocuments`) a hidden field and a hidden relation's DTO left out.
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

class FieldReviewDto {
  @Field() id!: string;
  @Field() rating!: number;
}

class FieldAuthorDto {
  @Field() id!: number;
  @Field() name!: string;
  @Field() country?: string | null;
}

class FieldBookDto {
  @Field() id!: number;
  @Field() title!: string;
  @Field() price!: string;
  @Field() sales!: string;
  @Field() genre!: string;
  @Field() publishedAt!: string | null;
  @Field({ expose: staff }) internalNote?: string | null;
  /** Computed by a mapper from two columns: no model type to give it. */
  @Field({ source: ['title', 'isbn'] }) label!: string;
  @ApiProperty({ description: 'Written by hand' }) pages!: number;
  @Relation(() => FieldAuthorDto) author?: FieldAuthorDto;
  @Relation(() => FieldReviewDto, { isArray: true, expose: staff }) reviews?: FieldReviewDto[];
}

const books = defineResource({ name: 'books', delegate: (p: PrismaClient) => p.book, dto: FieldBookDto });

@ApiResourceRoutes(FieldBookDto)
@Controller('books')
class BooksController extends ResourceController(books) {}

let target: TestTarget;
let app: INestApplication;
let documentFor: (context: Record<string, unknown>) => OpenAPIObject;

beforeAll(async () => {
  target = await openTarget('pglite');
  @Module({
    imports: [FacetModule.forRoot({ prisma: target.prisma }), FacetModule.forFeature([books])],
    controllers: [BooksController],
  })
  class DocModule {}
  app = await NestFactory.create(DocModule, { logger: false });
  await app.init();
  const base = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('t').build());
  documentFor = resourceDocuments(base, app, [books]);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await target?.close();
});

const schemaOf = (document: OpenAPIObject, name: string) =>
  document.components?.schemas?.[name] as
    | { properties: Record<string, unknown>; required?: string[] }
    | undefined;

describe('response schemas from @Field alone', () => {
  it('types each field from the model, as the server sends it', () => {
    const book = schemaOf(documentFor({ role: 'staff' }), 'FieldBookDto');
    expect(book?.properties).toMatchObject({
      id: { type: 'integer' },
      title: { type: 'string' },
      price: { type: 'string', format: 'decimal' },
      sales: { type: 'string', format: 'int64' },
      genre: { type: 'string', enum: ['FICTION', 'SCIENCE', 'HISTORY'] },
      publishedAt: { type: 'string', format: 'date-time', nullable: true },
      internalNote: { type: 'string', nullable: true },
      label: {},
      pages: { type: 'number', description: 'Written by hand' },
      author: { allOf: [{ $ref: '#/components/schemas/FieldAuthorDto' }], nullable: true },
      reviews: { type: 'array', items: { $ref: '#/components/schemas/FieldReviewDto' } },
    });
    expect(book?.required).toEqual(expect.arrayContaining(['id', 'title', 'price', 'internalNote', 'pages']));
    expect(book?.required).not.toContain('author');
    expect(schemaOf(documentFor({ role: 'staff' }), 'FieldAuthorDto')?.properties).toEqual({
      id: { type: 'integer' },
      name: { type: 'string' },
      country: { type: 'string', nullable: true },
    });
    expect(schemaOf(documentFor({ role: 'staff' }), 'FieldReviewDto')?.properties).toEqual({
      id: { type: 'string' },
      rating: { type: 'integer' },
    });
  });

  it('leaves out what a caller may not see, a hidden relation’s DTO included', () => {
    const document = documentFor({ role: 'reader' });
    const book = schemaOf(document, 'FieldBookDto');
    expect(Object.keys(book?.properties ?? {})).not.toContain('internalNote');
    expect(Object.keys(book?.properties ?? {})).not.toContain('reviews');
    expect(book?.required).not.toContain('internalNote');
    expect(document.components?.schemas).not.toHaveProperty('FieldReviewDto');
    expect(JSON.stringify(document)).not.toContain('internalNote');
  });
});
