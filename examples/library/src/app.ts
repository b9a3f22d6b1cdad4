import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { facetFastifyOptions, useFacetHttp } from '@facet/nest';
import { sqlReads } from '@facet/nest/sql';
import type { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import express, { type NextFunction, type Request, type Response } from 'express';
import { AppModule, type ReadEngineOptions } from './app.module.js';
import type { CallerCacheOptions } from './auth/caller-cache.js';
import { type DatabaseOptions, type LibraryDatabase, openDatabase } from './database/index.js';
import { demoRoles, serveDemoPage } from './demo.js';
import { Prisma } from './generated/prisma/client.js';
import { setUpOpenApi } from './openapi.js';

export const API_PREFIX = 'api/v1';
export const DOCS_PATH = 'api/docs';

/** The HTTP servers the example runs on; Facet itself reads only what both have (docs/ARCHITECTURE.md). */
export const HTTP_PLATFORMS = ['express', 'fastify'] as const;
export type HttpPlatform = (typeof HTTP_PLATFORMS)[number];

/** Where the resources' list pages and counts are read: compiled SQL (`@facet/nest/sql`) or Prisma. */
export const READ_ENGINES = ['sql', 'prisma'] as const;
export type ReadEngine = (typeof READ_ENGINES)[number];

export interface LibraryAppOptions {
  /** How to open the database when `database` is not given. */
  databaseOptions?: DatabaseOptions;
  /** An already-open database (the tests share one between apps). Not closed by `close()`. */
  database?: LibraryDatabase;
  /** Folder with the built web page, served at `/`; skipped when it does not exist. */
  webDir?: string;
  /** @default ['error', 'warn'] */
  logger?: LogLevel[] | false;
  /**
   * Demo mode: the web page gets the fixture's tokens and shows its role switcher, and the API docs
   * name the tokens. Off unless asked for, so an app embedded elsewhere publishes no token;
   * `npm start` decides from its environment (src/config.ts, `FACET_DEMO`).
   * @default false
   */
  demo?: boolean;
  /**
   * How long and how many bearer tokens' users are remembered per process (src/auth/caller-cache.ts).
   * @default { ttlMs: 5000, maxEntries: 10000 }
   */
  callerCache?: CallerCacheOptions;
  /**
   * Express, Nest's default and what most Nest apps run, or Fastify, which answers the bench's list
   * request with less CPU (docs/benchmarks.md). Both pass the same contract tests.
   * @default 'express'
   */
  httpPlatform?: HttpPlatform;
  /**
   * `'sql'`: list pages, counts and detail reads are compiled to one SQL statement each and run on the pool the
   * Prisma client reads through (`sqlReads` from `@facet/nest/sql`); what the compiler does not
   * cover, and every other read and write, stays on Prisma. `'prisma'`: every read through Prisma.
   * With replicas, compiled reads are routed as Prisma's are: each runs on the pool of the server the
   * read router picks (a healthy replica that has replayed the request's consistency token, else
   * the primary). Both answer the same contract tests.
   * @default 'sql'
   */
  readEngine?: ReadEngine;
}

export interface LibraryApp {
  app: INestApplication;
  httpPlatform: HttpPlatform;
  /** The engine the resources read with. */
  readEngine: ReadEngine;
  database: LibraryDatabase;
  /** Closes the HTTP server and, unless it was passed in, the database. */
  close(): Promise<void>;
}

export async function createLibraryApp(options: LibraryAppOptions = {}): Promise<LibraryApp> {
  const database = options.database ?? (await openDatabase(options.databaseOptions));
  try {
    const readEngine = options.readEngine ?? 'sql';
    const reads: ReadEngineOptions =
      readEngine === 'sql'
        ? {
            engine: 'sql',
            // The app's Decimal from its exact text: compiled rows hold what Prisma's would.
            sql: sqlReads({
              pool: database.sqlPool,
              // Each replica's pool, named by its client: compiled reads follow the read router.
              replicas: database.sqlReplicas,
              decimal: (text) => new Prisma.Decimal(text),
              // The shapes this app reads most, prepared on each connection (parsed once there).
              preparedStatements: 64,
            }),
          }
        : { engine: 'prisma' };
    const module = AppModule.forClient(database.prisma, options.callerCache, database.replicas, reads);
    const logger = options.logger ?? ['error', 'warn'];
    const httpPlatform = options.httpPlatform ?? 'express';
    const app =
      httpPlatform === 'fastify'
        ? await NestFactory.create<NestFastifyApplication>(
            module,
            new FastifyAdapter(facetFastifyOptions()),
            {
              logger,
            },
          )
        : await NestFactory.create<NestExpressApplication>(module, { logger });
    app.setGlobalPrefix(API_PREFIX);
    // Every error body gets Facet's shape, Nest's own 404 for an unknown route included; bodies and
    // URLs no route sees get the same limits and answers on Express and Fastify.
    // JSON bodies are limited to 100 KB (useFacetHttp's default) on both.
    useFacetHttp(app);
    setUpOpenApi(app, DOCS_PATH, { demo: options.demo === true, apiPrefix: API_PREFIX });
    if (options.webDir && existsSync(options.webDir)) {
      if (options.demo === true) serveDemoPage(app, options.webDir, demoRoles());
      serveWebPage(app, httpPlatform, options.webDir);
    }
    return {
      app,
      httpPlatform,
      readEngine,
      database,
      close: async () => {
        await app.close();
        if (!options.database) await database.close();
      },
    };
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
}

function serveWebPage(app: INestApplication, platform: HttpPlatform, webDir: string): void {
  if (platform === 'fastify') {
    // @fastify/static registers a wildcard route, which Fastify's router tries only after the API's
    // own routes, so an API request never touches the disk.
    (app as NestFastifyApplication).useStaticAssets({
      root: webDir,
      prefix: '/',
      index: 'index.html',
      maxAge: 0,
    });
    return;
  }
  // Not `useStaticAssets`: mounted at `/`, it would look each API request up on disk (a `stat`
  // per request, about 4 % of a list request's CPU in the bench profile) before the router.
  const assets = express.static(webDir, { index: 'index.html', maxAge: 0 });
  app.use((request: Request, response: Response, next: NextFunction) =>
    request.path.startsWith('/api/') ? next() : assets(request, response, next),
  );
}
