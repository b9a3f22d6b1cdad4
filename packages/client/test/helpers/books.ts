/** The test server's data: made up here, with titles that break naive query-string handling. */
export interface Book {
  id: number;
  title: string;
  genre: 'fiction' | 'science' | 'history';
  pages: number;
  published: boolean;
  author: { name: string; country: string };
}

const TRICKY_TITLES = ['2024', 'true', 'null', '007', 'a,b{c}', 'Ünïcødé & Ωmega', '[draft]', '"quoted"'];
const AUTHORS = [
  { name: 'Ada Lovelace', country: 'UK' },
  { name: 'Grace Hopper', country: 'US' },
  { name: 'Édouard Lucas', country: 'FR' },
];
const GENRES = ['fiction', 'science', 'history'] as const;

export function makeBooks(count = 45): Book[] {
  return Array.from({ length: count }, (_, index) => {
    const id = index + 1;
    return {
      id,
      title: TRICKY_TITLES[index] ?? `Book ${String(id).padStart(2, '0')}`,
      genre: GENRES[index % 3] as Book['genre'],
      pages: 100 + ((id * 37) % 400),
      published: id % 4 !== 0,
      author: AUTHORS[index % 3] as Book['author'],
    };
  });
}
