/** A book row as GET /books returns it; every field is optional because `fields` projects them. */
export interface BookRow {
  id: number;
  isbn?: string;
  title?: string;
  /** Decimal, sent as an exact string. */
  price?: string;
  pages?: number;
  genre?: Genre;
  published?: boolean;
  publishedAt?: string | null;
  authorId?: number;
  internalNote?: string;
  author?: { id?: number; name?: string; country?: string };
}

export interface AuthorOption {
  id: number;
  name: string;
  country: string;
}

export const GENRES = ['FICTION', 'SCIENCE', 'HISTORY', 'POETRY', 'TECH'] as const;
export type Genre = (typeof GENRES)[number];
