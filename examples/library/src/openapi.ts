import { getAccessSubject } from '@facet/nest/advanced';
import { FACET_ERROR_BODY_SCHEMA, resourceDocuments } from '@facet/nest/swagger';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { type Action, AuthGuard, type CallerRole, defineAbility } from './auth/index.js';
import { authors, books, reviews } from './resources/library.resources.js';

const RESOURCES = [books, authors, reviews] as const;

/**
 * The write operations of every resource that declares writes, each with the action and CASL
 * subject it needs: `POST /<name>` creates, `PATCH`/`DELETE /<name>/{id}` update and delete. Read
 * from the resource definitions (the same ones the controllers serve), not from the routes' code.
 */
function writeOperations(
  prefix: string,
): { path: string; method: 'post' | 'patch' | 'delete'; action: Action; subject: string }[] {
  return RESOURCES.flatMap((resource) => {
    const subject = getAccessSubject(resource.dto);
    if (resource.writes === undefined || subject === undefined) return [];
    const base = `/${prefix}/${resource.name}`;
    return [
      { path: base, method: 'post', action: 'create', subject },
      { path: `${base}/{id}`, method: 'patch', action: 'update', subject },
      { path: `${base}/{id}`, method: 'delete', action: 'delete', subject },
    ] as const;
  });
}

/**
 * Documents the 401 of every write (AuthGuard's, the app's own) and leaves out of a role's document
 * the write operations its ability allows on no row (a reader's has no `POST /books`, whose body
 * names fields it may not write). Every write operation must be in the document: a change in the
 * routes would otherwise leave them in every role's document unnoticed, so it stops the start instead.
 */
function withoutForbiddenOperations(base: OpenAPIObject, prefix: string) {
  const operations = writeOperations(prefix);
  const missing = operations.filter(({ path, method }) => base.paths[path]?.[method] === undefined);
  if (missing.length > 0) {
    const names = missing.map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    throw new Error(`The API document has no operation for the writes ${names.join(', ')}.`);
  }
  for (const { path, method } of operations) {
    const operation = base.paths[path]?.[method];
    if (operation === undefined) continue;
    operation.responses['401'] = {
      description: 'No token, or one no user holds: anonymous callers write nothing (AuthGuard)',
      content: { 'application/json': { schema: FACET_ERROR_BODY_SCHEMA } },
    };
  }
  return (document: OpenAPIObject, role: CallerRole): void => {
    // A stand-in user: rules that name the caller's id allow some row whatever the id.
    const ability = defineAbility(role, 0);
    for (const { path, method, action, subject } of operations) {
      const item = document.paths[path];
      if (item !== undefined && !ability.can(action, subject as never)) delete item[method];
    }
    for (const [path, item] of Object.entries(document.paths)) {
      if (Object.keys(item).every((key) => key === 'parameters')) delete document.paths[path];
    }
  };
}

/**
 * Serves the OpenAPI document: the UI at `/<path>`, the JSON at `/<path>-json`. Each caller gets
 * the document of its role (the bearer token, as the API reads it; none, or one the API would
 * refuse, gets the anonymous reader's): the fields its role may not see are in no query parameter
 * and no response schema, and the routes it may not use are left out. One document per role is
 * built on first use and kept.
 */
export function setUpOpenApi(
  app: INestApplication,
  path: string,
  { demo, apiPrefix }: { demo: boolean; apiPrefix: string },
): void {
  // The fixture's tokens are named only in demo mode: the document is served to everybody.
  const tokens = demo
    ? " with a token from the fixture's users (admin-token, editor-token, reader-token)"
    : " with a user's token";
  const config = new DocumentBuilder()
    .setTitle('Facet library example')
    .setDescription(
      `Books, authors and reviews served by @facet/nest. Send \`Authorization: Bearer <token>\`${tokens}; ` +
        'no header means an anonymous reader. This document describes what your token may see and do.',
    )
    .setVersion('1')
    .addBearerAuth()
    .build();
  const base = SwaggerModule.createDocument(app, config);
  const prepare = withoutForbiddenOperations(base, apiPrefix);
  // where, orderBy, include, select and fields get schemas derived from each resource, written for
  // the role's `expose` context, as the read routes' readContext builds it (src/resources).
  const documentFor = resourceDocuments(base, app, RESOURCES, {
    key: (context) => String(context.role),
    prepare: (document, context) => prepare(document, context.role as CallerRole),
  });
  const roleOf = async (request: { headers?: Record<string, string | string[] | undefined> }) => {
    try {
      return (await app.get(AuthGuard).callerOf(request.headers?.authorization)).role;
    } catch {
      return 'anonymous' as const;
    }
  };
  SwaggerModule.setup(path, app, documentFor({ role: 'anonymous' }), {
    jsonDocumentUrl: `${path}-json`,
    patchDocumentOnRequest: async (request) =>
      documentFor({
        role: await roleOf(request as { headers?: Record<string, string | string[] | undefined> }),
      }),
  });
}
