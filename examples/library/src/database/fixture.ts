import { readFileSync } from 'node:fs';
import { FIXTURE_PATH } from './paths.js';

/** The seed data as stored in prisma/seed/library.json (a verbatim copy of the shared fixture). */
export interface LibraryFixture {
  users: { id: number; name: string; role: 'admin' | 'editor' | 'reader'; token: string }[];
  authors: { id: number; name: string; email: string; country: string; bornYear: number }[];
  books: {
    id: number;
    isbn: string;
    title: string;
    price: string;
    pages: number;
    genre: 'FICTION' | 'SCIENCE' | 'HISTORY' | 'POETRY' | 'TECH';
    published: boolean;
    publishedAt: string | null;
    authorId: number;
    internalNote: string;
  }[];
  reviews: { id: string; bookId: number; userId: number; rating: number; body: string; createdAt: string }[];
}

export function loadFixture(path: string = FIXTURE_PATH): LibraryFixture {
  return JSON.parse(readFileSync(path, 'utf8')) as LibraryFixture;
}
