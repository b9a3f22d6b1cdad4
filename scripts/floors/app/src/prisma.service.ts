// Prisma on embedded PGlite in memory: the tables from prisma/postgres.sql, which run.mjs writes
// with the packed `facet-ddl`, and three books at start-up (ids from the sequences, so that a create gets the next).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  private readonly pglite: PGlite;

  constructor() {
    const pglite = new PGlite();
    super({ adapter: new PrismaPGlite(pglite) });
    this.pglite = pglite;
  }

  async onModuleInit(): Promise<void> {
    await this.pglite.exec(readFileSync(join(__dirname, '../prisma/postgres.sql'), 'utf8'));
    await this.author.createMany({
      data: [{ name: 'Ann' }, { name: 'Retired', active: false }],
    });
    await this.book.createMany({
      data: [
        { title: 'Alpha', published: true, secretNote: 'a', authorId: 1 },
        { title: 'Beta', published: true, secretNote: 'b', authorId: 2 },
        { title: 'Draft', published: false, secretNote: 'c', authorId: 1 },
      ],
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    await this.pglite.close();
  }
}
