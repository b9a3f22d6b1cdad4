import { describeResourceQueries } from '@facet/nest/swagger';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { authors, books, reviews } from './resources/library.resources.js';

/** Serves the OpenAPI document: the UI at `/<path>`, the JSON at `/<path>-json`. */
export function setUpOpenApi(app: INestApplication, path: string, { demo }: { demo: boolean }): void {
  // The fixture's tokens are named only in demo mode: the document is served to everybody.
  const tokens = demo
    ? " with a token from the fixture's users (admin-token, editor-token, reader-token)"
    : " with a user's token";
  const config = new DocumentBuilder()
    .setTitle('Facet library example')
    .setDescription(
      `Books, authors and reviews served by @facet/nest. Send \`Authorization: Bearer <token>\`${tokens}; ` +
        'no header means an anonymous reader.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  // where, orderBy, include, select and fields get schemas derived from each resource, written for
  // an anonymous reader: staff-only fields are left out, as the server refuses them to readers.
  const document = describeResourceQueries(SwaggerModule.createDocument(app, config), app, [
    books,
    authors,
    reviews,
  ]);
  SwaggerModule.setup(path, app, document, { jsonDocumentUrl: `${path}-json` });
}
