import { resourceDocuments } from '@facet/nest/swagger';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { readCaller } from './access.js';
import { articles } from './articles/articles.resource.js';

/**
 * Serves the OpenAPI document at /api/docs (JSON at /api/docs-json), one per role: Facet writes
 * ArticleDto's schema from its `@Field()`/`@Relation()` and the model's column types (no swagger
 * CLI plugin, no `@ApiProperty()`), and an anonymous caller's names no `draftNote`.
 */
export function serveOpenApi(app: INestApplication): void {
  const base = SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('Quickstart').build());
  const documentFor = resourceDocuments(base, app, [articles], { key: (context) => String(context.role) });
  SwaggerModule.setup('api/docs', app, documentFor({ role: 'anonymous' }), {
    patchDocumentOnRequest: (request) => documentFor(readCaller(request as never).context),
  });
}
