import { resourceDocuments } from '@facet/nest/swagger';
import type { INestApplication } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { AbilityGuard, AuthGuard, type CallerRole, defineAbility } from './auth/index.js';
import { authors, books, reviews } from './resources/library.resources.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * The permission guards (`canGuard`) of every route, by the operation id `@nestjs/swagger` gives it
 * (`BooksController_create`). Read from the controllers' guard metadata, so a guarded route added
 * later is covered without being listed here.
 */
function guardsByOperation(app: INestApplication): Map<string, AbilityGuard[]> {
  const byOperation = new Map<string, AbilityGuard[]>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (abstract new (...args: never[]) => object) | null;
      if (typeof controller !== 'function') continue;
      for (
        let proto = controller.prototype;
        proto && proto !== Object.prototype;
        proto = Object.getPrototypeOf(proto)
      ) {
        for (const method of Object.getOwnPropertyNames(proto)) {
          const handler = Object.getOwnPropertyDescriptor(proto, method)?.value as unknown;
          if (typeof handler !== 'function') continue;
          const guards = (
            (Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[] | undefined) ?? []
          ).filter((guard): guard is AbilityGuard => guard instanceof AbilityGuard);
          if (guards.length > 0) byOperation.set(`${controller.name}_${method}`, guards);
        }
      }
    }
  }
  return byOperation;
}

/**
 * Leaves out of a role's document the operations whose permission guard the role cannot pass (a
 * reader's has no `POST /books`, whose body names the staff-only `internalNote`). Every guarded
 * route must be found in the document: a change in how operations are named would otherwise leave
 * them in every role's document unnoticed, so it stops the start instead.
 */
function withoutForbiddenOperations(app: INestApplication, base: OpenAPIObject) {
  const guards = guardsByOperation(app);
  const documented = new Set(
    Object.values(base.paths).flatMap((item) => METHODS.map((method) => item[method]?.operationId)),
  );
  const missing = [...guards.keys()].filter((operationId) => !documented.has(operationId));
  if (missing.length > 0) {
    throw new Error(`The API document has no operation for the guarded routes ${missing.join(', ')}.`);
  }
  return (document: OpenAPIObject, role: CallerRole): void => {
    const ability = defineAbility(role);
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operationId = item[method]?.operationId;
        const needed = operationId === undefined ? undefined : guards.get(operationId);
        if (needed?.some((guard) => !ability.can(guard.action, guard.subject))) delete item[method];
      }
      if (METHODS.every((method) => item[method] === undefined)) delete document.paths[path];
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
export function setUpOpenApi(app: INestApplication, path: string, { demo }: { demo: boolean }): void {
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
  const prepare = withoutForbiddenOperations(app, base);
  // where, orderBy, include, select and fields get schemas derived from each resource, written for
  // the role's `expose` context, as the read routes' readContext builds it (src/resources).
  const documentFor = resourceDocuments(base, app, [books, authors, reviews], {
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
