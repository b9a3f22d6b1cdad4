import type { ReadEngineName, SqlReadEngine } from '@facet/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { type CallerCacheOptions, DEFAULT_CALLER_CACHE } from './auth/caller-cache.js';
import { AuthGuard, CALLER_CACHE_OPTIONS } from './auth/index.js';
import type { PrismaClient } from './generated/prisma/client.js';
import { PrismaModule } from './prisma/prisma.module.js';
import { ResourcesModule } from './resources/resources.module.js';

/** How the resources read (FacetModule's `engine` and `sql`). */
export interface ReadEngineOptions {
  readonly engine: ReadEngineName;
  readonly sql?: SqlReadEngine;
}

@Module({})
export class AppModule {
  static forClient(
    prisma: PrismaClient,
    callerCache: CallerCacheOptions = DEFAULT_CALLER_CACHE,
    replicas: readonly PrismaClient[] = [],
    reads: ReadEngineOptions = { engine: 'prisma' },
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [PrismaModule.forClient(prisma, replicas, reads), ResourcesModule],
      providers: [
        { provide: CALLER_CACHE_OPTIONS, useValue: callerCache },
        // Also injectable by its class: the API document is served per caller (src/openapi.ts).
        AuthGuard,
        { provide: APP_GUARD, useExisting: AuthGuard },
      ],
    };
  }
}
