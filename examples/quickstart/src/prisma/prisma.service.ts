// Your application already has its PrismaService; the quickstart's runs on embedded PGlite in
// memory: the table from the committed DDL, and four articles (a series of three, and a draft), at start-up.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';

@Injectable()
export class PrismaService extends PrismaClient implements OnModuleInit, OnModuleDestroy {
  readonly #pglite: PGlite;

  constructor() {
    const pglite = new PGlite();
    super({ adapter: new PrismaPGlite(pglite) });
    this.#pglite = pglite;
  }

  async onModuleInit(): Promise<void> {
    await this.#pglite.exec(readFileSync(new URL('../../prisma/postgres.sql', import.meta.url), 'utf8'));
    // A series of three whose last is a draft (anonymous readers of the second get `next: null`),
    // and a draft no editor has left a note on.
    await this.article.createMany({
      data: [
        { id: 1, title: 'Hello, Facet', body: 'One resource, every route.', published: true, nextId: 2 },
        {
          id: 2,
          title: 'Access rules',
          body: 'Anonymous readers see published articles.',
          published: true,
          draftNote: 'Add a CASL example.',
          nextId: 3,
        },
        { id: 3, title: 'Next week', body: 'Not out yet.', draftNote: 'Check the dates.' },
        { id: 4, title: 'Untitled', body: 'An idea.' },
      ],
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.$disconnect();
    await this.#pglite.close();
  }
}
