import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { PrismaClient } from '../generated/prisma/client.js';
import { PRISMA } from './prisma.token.js';

/** Provides the already-opened PrismaClient; opening and closing the database is the caller's job. */
@Global()
@Module({})
export class PrismaModule {
  static forClient(prisma: PrismaClient): DynamicModule {
    return { module: PrismaModule, providers: [{ provide: PRISMA, useValue: prisma }], exports: [PRISMA] };
  }
}
