// Each test seeds its own rows under a fresh tag and filters by it, so tests neither depend on
// their order nor see each other's data while sharing one database per target.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../generated/postgresql/client.js';

interface BookFields {
  price: string;
  pages: number;
  sales: bigint;
  genre: 'FICTION' | 'SCIENCE' | 'HISTORY';
  published: boolean;
  publishedAt?: Date;
}

export const newTag = () => randomBytes(6).toString('hex');

export interface SeededLibrary {
  readonly tag: string;
  readonly authorId: number;
  /** Books in title order: Alpha (published), Beta (draft), Gamma (published). */
  readonly bookIds: readonly [number, number, number];
}

/**
 * One author with three books that cover every column type: Decimal at both ends of
 * DECIMAL(10,2), a BigInt beyond Number.MAX_SAFE_INTEGER, a nullable DateTime, an enum.
 */
export async function seedLibrary(prisma: PrismaClient, tag = newTag()): Promise<SeededLibrary> {
  const author = await prisma.author.create({
    data: { name: `Author ${tag}`, email: `${tag}@example.test`, country: tag },
  });
  const book = (title: string, fields: BookFields) =>
    prisma.book.create({ data: { ...fields, title, isbn: `${tag}-${title}`, authorId: author.id } });
  const alpha = await book('Alpha', {
    price: '12.50',
    pages: 100,
    sales: 9_007_199_254_740_993n,
    genre: 'FICTION',
    published: true,
    publishedAt: new Date('2024-01-02T03:04:05.678Z'),
  });
  const beta = await book('Beta', {
    price: '0.10',
    pages: 200,
    sales: 5n,
    genre: 'SCIENCE',
    published: false,
  });
  const gamma = await book('Gamma', {
    price: '99999999.99',
    pages: 300,
    sales: 0n,
    genre: 'HISTORY',
    published: true,
    publishedAt: new Date('2023-05-06T07:08:09.010Z'),
  });
  return { tag, authorId: author.id, bookIds: [alpha.id, beta.id, gamma.id] };
}

/** Books of one seeded author and nothing else: the where every test starts from. */
export const ofAuthor = (library: SeededLibrary) => ({ authorId: library.authorId });

/** Two reviews of a seeded library: `<tag>-a` on Alpha (published), `<tag>-b` on Beta (a draft). */
export async function seedReviews(prisma: PrismaClient, library: SeededLibrary): Promise<void> {
  const [alpha, beta] = library.bookIds;
  await prisma.review.createMany({
    data: [
      { id: `${library.tag}-a`, rating: 5, body: 'on a published book', bookId: alpha },
      { id: `${library.tag}-b`, rating: 1, body: 'on a draft', bookId: beta },
    ],
  });
}
