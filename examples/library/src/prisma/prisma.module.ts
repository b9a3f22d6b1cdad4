import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { ReadEngineOptions } from '../app.module.js';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA, PRISMA_REPLICAS, READ_ENGINE } from './prisma.token.js';

/**
 * Provides the already-opened PrismaClient, its replicas and how the resources read; opening and
 * closing the database is the caller's job.
 */
@Global()
@Module({})
export class PrismaModule {
  static forClient(
    prisma: PrismaClient,
    replicas: readonly PrismaClient[] = [],
    reads: ReadEngineOptions = { engine: 'prisma' },
  ): DynamicModule {
    return {
      module: PrismaModule,
      providers: [
        { provide: PRISMA, useValue: prisma },
        { provide: PRISMA_REPLICAS, useValue: replicas },
        { provide: READ_ENGINE, useValue: reads },
      ],
      exports: [PRISMA, PRISMA_REPLICAS, READ_ENGINE],
    };
  }
}
