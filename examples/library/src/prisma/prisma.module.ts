import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA, PRISMA_REPLICAS } from './prisma.token.js';

/** Provides the already-opened PrismaClient; opening and closing the database is the caller's job. */
@Global()
@Module({})
export class PrismaModule {
  static forClient(prisma: PrismaClient, replicas: readonly PrismaClient[] = []): DynamicModule {
    return {
      module: PrismaModule,
      providers: [
        { provide: PRISMA, useValue: prisma },
        { provide: PRISMA_REPLICAS, useValue: replicas },
      ],
      exports: [PRISMA, PRISMA_REPLICAS],
    };
  }
}
