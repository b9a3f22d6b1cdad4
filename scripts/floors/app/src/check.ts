// The HTTP checks of the lowest-versions app, run by scripts/floors/run.mjs against the started
// app (`node dist/check.js <origin>`): compiled with the app, so @facet/client's declarations meet
// `skipLibCheck: false` and the lowest axios too. Exits non-zero at the first claim that fails.
import { deepStrictEqual, equal } from 'node:assert/strict';
import { createApiClient, useModuleApi } from '@facet/client';
import { checkClientAdapters } from './client-adapters';

const origin = process.argv[2] ?? '';

async function get(path: string, role?: 'editor') {
  const response = await fetch(`${origin}/api/v1${path}`, {
    headers: role ? { authorization: 'Bearer editor' } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Book {
  id: number;
  title: string;
  published: boolean;
  author?: { name: string } | null;
}

async function main() {
  // The CASL filter: anonymous callers read published books only; a hidden author is null.
  const list = await get('/books?fields=id,title,author{name}&orderBy.id=asc');
  equal(list.status, 200);
  deepStrictEqual(list.body.items, [
    { id: 1, title: 'Alpha', author: { name: 'Ann' } },
    { id: 2, title: 'Beta', author: null },
  ]);
  deepStrictEqual((await get('/books?fields=id&orderBy.id=asc', 'editor')).body.items, [
    { id: 1 },
    { id: 2 },
    { id: 3 },
  ]);
  const count = await fetch(`${origin}/api/v1/books/count`);
  deepStrictEqual([count.status, await count.json()], [200, 2]);

  // Detail routes: a readable row, and a row the caller may not read answers like a missing one.
  deepStrictEqual(await get('/books/1?fields=id,title'), { status: 200, body: { id: 1, title: 'Alpha' } });
  equal((await get('/books/3?fields=id')).status, 404);
  equal((await get('/books/find-by-id/3?fields=id', 'editor')).status, 200);

  // A field hidden from the caller is refused like a misspelt one; the editor reads it.
  const hidden = await get('/books?fields=id,secretNote');
  const misspelt = await get('/books?fields=id,secretNot');
  equal(hidden.status, 400);
  equal(hidden.body.code, misspelt.body.code);
  deepStrictEqual((await get('/books/1?fields=secretNote', 'editor')).body, { secretNote: 'a' });

  // The route of the app's own, with the server's where.
  deepStrictEqual((await get('/books/by-ann')).body.items, [{ id: 1, title: 'Alpha' }]);

  // A write of the app's own through the global ValidationPipe: a bad body is a 400 with Nest's body
  // (class-validator's list as `message`) and Facet's code, a good one lands.
  const bad = await fetch(`${origin}/api/v1/books`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: '', published: 'yes', authorId: 1 }),
  });
  equal(bad.status, 400);
  const badBody = (await bad.json()) as { code?: string; message?: string[] };
  equal(typeof badBody.code, 'string');
  equal(Array.isArray(badBody.message), true);
  const created = await fetch(`${origin}/api/v1/books`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Gamma', published: true, authorId: 1 }),
  });
  equal(created.status, 201);

  // The client, on the lowest axios.
  const api = useModuleApi<Book>(createApiClient({ origin }), 'books');
  const page = await api.query({ fields: 'id,title', orderBy: { id: 'asc' }, perPage: 10 });
  deepStrictEqual(
    page.items.map((book) => book.title),
    ['Alpha', 'Beta', 'Gamma'],
  );

  // OpenAPI from @Field alone, per caller: the anonymous document has no secretNote.
  const bookSchema = async (role?: 'editor') => {
    const response = await fetch(`${origin}/api/docs-json`, {
      headers: role ? { authorization: 'Bearer editor' } : {},
    });
    const document = (await response.json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    return Object.keys(document.components.schemas.BookDto?.properties ?? {}).sort();
  };
  deepStrictEqual(await bookSchema(), ['author', 'id', 'published', 'title']);
  deepStrictEqual(await bookSchema('editor'), ['author', 'id', 'published', 'secretNote', 'title']);
  await checkClientAdapters(origin);
  console.log('FLOORS_CHECKS_PASSED');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
