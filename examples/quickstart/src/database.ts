// Your application already has its Prisma client; the quickstart brings its own, on embedded
// PGlite in memory: the table from the committed DDL, and three articles.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from './generated/prisma/client.js';

export async function openDatabase(): Promise<{ prisma: PrismaClient; close(): Promise<void> }> {
  const pglite = await PGlite.create();
  await pglite.exec(readFileSync(new URL('../prisma/postgres.sql', import.meta.url), 'utf8'));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  await prisma.article.createMany({
    data: [
      { title: 'Hello, Facet', body: 'One resource, every route.', published: true },
      { title: 'Access rules', body: 'Anonymous readers see published articles.', published: true },
      { title: 'Next week', body: 'Not out yet.', draftNote: 'Check the dates.' },
    ],
  });
  return {
    prisma,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
